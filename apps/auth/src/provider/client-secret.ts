/**
 * Client secrets are stored only as their SHA-256 digest (decision 003), and
 * oidc-provider is given that digest as `client_secret`: what a client presents
 * is hashed, then compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Provider } from 'oidc-provider';
import { hashToken } from '@tessera/domain';

export function compareHashedClientSecret(this: { clientSecret?: string | undefined }, presented: string): boolean {
  const stored = Buffer.from(this.clientSecret ?? '', 'utf8');
  const actual = Buffer.from(hashToken(presented), 'utf8');
  return stored.length === actual.length && timingSafeEqual(stored, actual);
}

export function useHashedClientSecrets(provider: Provider): void {
  provider.Client.prototype.compareClientSecret = compareHashedClientSecret;
}
