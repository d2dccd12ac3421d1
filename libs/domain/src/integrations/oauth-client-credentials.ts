/**
 * The credentials of a new OAuth application: a public client id and a
 * client secret shown once, in the answer that creates the application, and
 * stored only as its SHA-256 digest (ARCHITECTURE.md "Secrets at rest";
 * docs/decisions/003-token-storage.md).
 */
import { randomBytes } from 'node:crypto';
import { generateSecret, hashToken } from '../identity/personal-access-token.js';

export const CLIENT_ID_PREFIX = 'tsr_app_';
export const CLIENT_SECRET_PREFIX = 'tsr_cs_';

export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
  clientSecretHash: string;
}

export function generateClientCredentials(): OAuthClientCredentials {
  const clientSecret = generateSecret(CLIENT_SECRET_PREFIX);
  return { clientId: CLIENT_ID_PREFIX + randomBytes(12).toString('base64url'), clientSecret, clientSecretHash: hashToken(clientSecret) };
}
