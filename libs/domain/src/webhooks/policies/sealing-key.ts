/**
 * Sealing of the secrets the service must read back (a webhook policy's private
 * key or HMAC secret): AES-256-GCM under the deployment's `SECRET_SEALING_KEY`
 * (decision 015). Unlike tokens (decision 003) these cannot be hashed, because
 * the worker signs with them; a database dump without the sealing key reveals
 * nothing usable, and a changed sealed value fails to open instead of
 * decrypting to something else.
 *
 * Sealed form: `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts). The key
 * id (8 hex digits of the key's SHA-256) says which key sealed it, so a value
 * sealed under another key fails with that reason rather than a bare
 * authentication error, and a later rotation can tell keys apart.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

export type DeploymentEnv = 'production' | 'development' | 'test';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
// Binds a sealed value to what it is for, so it cannot be replayed as some other sealed field.
const ASSOCIATED_DATA = Buffer.from('tessera sealed secret v1');

/**
 * The fixed key used when SECRET_SEALING_KEY is unset outside production. It is
 * public (it is in the source): fine for tests and a laptop, never for data
 * that matters. `npm start` generates a random one into .data instead.
 */
export const DEVELOPMENT_SEALING_KEY = createHash('sha256').update('tessera development sealing key (public, not a secret)').digest('base64');

export class SealingKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealingKeyError';
  }
}

/** A sealed value that cannot be opened: another key, or changed since it was sealed. */
export class SealedSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

// The key bytes, out of reach of everything but this module (and of any log line).
const keyBytes = new WeakMap<SealingKey, Buffer>();

/** The deployment's AES-256-GCM key. */
export class SealingKey {
  /** Short fingerprint of the key, written into each sealed value. */
  readonly id: string;

  constructor(
    bytes: Buffer,
    /** Where the key came from: the environment, or the public development key. */
    readonly source: 'environment' | 'development',
    /** Set when the process should say something about the key at boot. */
    readonly notice: string | null,
  ) {
    if (bytes.length !== KEY_BYTES) throw new SealingKeyError(`must be ${KEY_BYTES} bytes, not ${bytes.length}`);
    keyBytes.set(this, Buffer.from(bytes));
    this.id = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  }

  toJSON(): string {
    return `[SealingKey ${this.id}]`;
  }
}

/**
 * The key from `SECRET_SEALING_KEY` (32 bytes, base64 or base64url, e.g.
 * `openssl rand -base64 32`). Unset in production is a configuration error;
 * unset otherwise gives the public development key with a notice to print.
 */
export function loadSealingKey(value: string | undefined, env: DeploymentEnv): SealingKey {
  const text = value?.trim() ?? '';
  if (text === '') {
    if (env === 'production') {
      throw new SealingKeyError('is required in production (32 random bytes in base64: openssl rand -base64 32)');
    }
    return new SealingKey(
      Buffer.from(DEVELOPMENT_SEALING_KEY, 'base64'),
      'development',
      'SECRET_SEALING_KEY is not set: webhook policy keys are sealed with the public development key (set it in production)',
    );
  }
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new SealingKeyError('must be base64 (32 random bytes: openssl rand -base64 32)');
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== KEY_BYTES) {
    throw new SealingKeyError(`must decode to ${KEY_BYTES} bytes, not ${bytes.length} (openssl rand -base64 32)`);
  }
  return new SealingKey(bytes, 'environment', null);
}

function bytesOf(key: SealingKey): Buffer {
  const bytes = keyBytes.get(key);
  if (!bytes) throw new SealingKeyError('not a sealing key');
  return bytes;
}

/**
 * A key of its own for one purpose (HKDF-SHA256, `purpose` as the info), so
 * that the deployment's one secret can sign other things without a new
 * setting, and a value made for one purpose never verifies for another.
 */
export function deriveKey(key: SealingKey, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', bytesOf(key), Buffer.alloc(0), `tessera ${purpose}`, KEY_BYTES));
}

export function sealSecret(key: SealingKey, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', bytesOf(key), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(ASSOCIATED_DATA);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, key.id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export function openSecret(key: SealingKey, sealed: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SealedSecretError('not a sealed secret of this service');
  const [, keyId, ivText, ciphertextText, tagText] = parts as [string, string, string, string, string];
  if (keyId !== key.id) {
    throw new SealedSecretError(`sealed under another SECRET_SEALING_KEY (key id ${keyId}, this process has ${key.id})`);
  }
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealedSecretError('not a sealed secret of this service');
  try {
    const decipher = createDecipheriv('aes-256-gcm', bytesOf(key), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError('the sealed secret was changed or sealed under another key');
  }
}
