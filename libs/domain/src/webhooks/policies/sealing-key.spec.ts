import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_SEALING_KEY, loadSealingKey, openSecret, sealSecret, SealedSecretError, SealingKeyError } from './sealing-key.js';

const keyText = () => randomBytes(32).toString('base64');

describe('SECRET_SEALING_KEY (loadSealingKey)', () => {
  it('reads 32 bytes of base64 or base64url from the environment', () => {
    const bytes = randomBytes(32);
    const fromBase64 = loadSealingKey(bytes.toString('base64'), 'production');
    const fromBase64url = loadSealingKey(bytes.toString('base64url'), 'production');
    expect(fromBase64.source).toBe('environment');
    expect(fromBase64.notice).toBeNull();
    expect(fromBase64url.id).toBe(fromBase64.id);
    expect(openSecret(fromBase64url, sealSecret(fromBase64, 'the secret'))).toBe('the secret');
  });

  it('refuses an unset key in production, and a key of the wrong size or alphabet anywhere', () => {
    expect(() => loadSealingKey(undefined, 'production')).toThrow(SealingKeyError);
    expect(() => loadSealingKey('  ', 'production')).toThrow(/required in production/);
    expect(() => loadSealingKey(randomBytes(16).toString('base64'), 'development')).toThrow(/32 bytes, not 16/);
    expect(() => loadSealingKey('not base64 at all!', 'test')).toThrow(/must be base64/);
  });

  it('uses the public development key outside production and says so', () => {
    for (const env of ['development', 'test'] as const) {
      const key = loadSealingKey(undefined, env);
      expect(key.source).toBe('development');
      expect(key.notice).toMatch(/SECRET_SEALING_KEY is not set/);
      expect(key.id).toBe(loadSealingKey(DEVELOPMENT_SEALING_KEY, 'production').id);
    }
  });

  it('never shows its bytes when logged', () => {
    const text = keyText();
    const key = loadSealingKey(text, 'production');
    expect(JSON.stringify({ key })).toBe(JSON.stringify({ key: `[SealingKey ${key.id}]` }));
    expect(JSON.stringify(key)).not.toContain(text);
  });
});

describe('sealSecret / openSecret (AES-256-GCM)', () => {
  const key = loadSealingKey(keyText(), 'production');

  it('opens what it sealed; the sealed form reveals nothing of the secret and differs each time', () => {
    const secret = 'whsec_' + randomBytes(32).toString('base64');
    const first = sealSecret(key, secret);
    const second = sealSecret(key, secret);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret.slice(6, 20));
    expect(first).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(openSecret(key, first)).toBe(secret);
    expect(openSecret(key, second)).toBe(secret);
  });

  it('fails to open under another key, naming the key ids', () => {
    const other = loadSealingKey(keyText(), 'production');
    expect(() => openSecret(other, sealSecret(key, 'x'))).toThrow(new SealedSecretError(`sealed under another SECRET_SEALING_KEY (key id ${key.id}, this process has ${other.id})`));
  });

  it('fails to open under another key that claims the same key id', () => {
    const other = loadSealingKey(keyText(), 'production');
    const [version, , iv, ciphertext, tag] = sealSecret(other, 'x').split('.');
    expect(() => openSecret(key, [version, key.id, iv, ciphertext, tag].join('.'))).toThrow(/changed or sealed under another key/);
  });

  it('fails to open a sealed value that was changed: ciphertext, tag or iv', () => {
    const sealed = sealSecret(key, 'a private key');
    const parts = sealed.split('.');
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const index of [2, 3, 4]) {
      const changed = parts.map((part, i) => (i === index ? flip(part) : part)).join('.');
      expect(() => openSecret(key, changed)).toThrow(SealedSecretError);
    }
  });

  it('refuses what is not a sealed value', () => {
    expect(() => openSecret(key, 'whsec_plain')).toThrow(/not a sealed secret/);
    expect(() => openSecret(key, `v2.${key.id}.a.b.c`)).toThrow(/not a sealed secret/);
    expect(() => openSecret(key, `v1.${key.id}.AAAA.b.c`)).toThrow(/not a sealed secret/);
  });
});
