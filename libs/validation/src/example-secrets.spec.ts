import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEVELOPMENT_SEALING_KEY } from '@tessera/domain';
import { parseConfig } from './config.js';

const schema = z.object({ SECRET_SEALING_KEY: z.string().optional(), COOKIE_KEYS: z.string().optional(), METRICS_TOKEN: z.string().optional() });
const parse = (env: Record<string, string>) => () => parseConfig(schema, env);

describe('secrets published with Tessera', () => {
  it.each([
    ['the placeholder of the examples', 'COOKIE_KEYS', 'change-me-openssl-rand-base64-48'],
    ['a placeholder among the keys of a list', 'COOKIE_KEYS', `${randomBytes(32).toString('base64')},change-me-openssl-rand-base64-48`],
    ["auth's public development cookie key", 'COOKIE_KEYS', 'tessera-development-cookie-key-not-secret'],
    ['the public development sealing key', 'SECRET_SEALING_KEY', DEVELOPMENT_SEALING_KEY],
    ["the examples' metrics token", 'METRICS_TOKEN', 'change-me-at-least-16-characters'],
  ])('refuses %s in production, naming the variable', (_name, variable, value) => {
    expect(parse({ NODE_ENV: 'production', [variable]: value })).toThrow(`${variable}: is an example or development value published with Tessera`);
    expect(parse({ [variable]: value })).not.toThrow();
  });

  it('takes a secret of your own in production', () => {
    expect(parse({ NODE_ENV: 'production', COOKIE_KEYS: randomBytes(48).toString('base64'), SECRET_SEALING_KEY: randomBytes(32).toString('base64') })).not.toThrow();
  });
});
