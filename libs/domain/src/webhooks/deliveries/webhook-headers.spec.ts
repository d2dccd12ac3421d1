import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { standardWebhookSignature } from '../policies/standard-webhook-signature.js';
import { WEBHOOK_HEADERS } from './webhook-message.schema.js';

describe('the documented delivery headers', () => {
  it('describe every Standard Webhooks signature scheme a policy key signs with', () => {
    const keys = [
      { kind: 'hmac' as const, secret: randomBytes(32) },
      { kind: 'ed25519' as const, key: generateKeyPairSync('ed25519').privateKey },
      { kind: 'private' as const, key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey },
    ];
    const schemes = keys.map((key) => standardWebhookSignature(key, 'id.1.{}')?.split(',')[0]).filter((scheme) => scheme !== undefined);
    expect(schemes).toEqual(['v1', 'v1a']);
    const description = WEBHOOK_HEADERS.find((header) => header.name === 'webhook-signature')!.description;
    expect(schemes.filter((scheme) => !description.includes(`\`${scheme},`))).toEqual([]);
  });
});
