/**
 * Personal access tokens: shown once, stored only as a SHA-256 digest so that a
 * database dump reveals no usable credential (ARCHITECTURE.md "Secrets at rest").
 * A random 256-bit token needs no slow hash: guessing it is already infeasible.
 */
import { createHash, randomBytes } from 'node:crypto';

export const PAT_PREFIX = 'tsr_pat_';

/** 256 random bits behind a prefix that says what the secret is for. */
export function generateSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function generatePersonalAccessToken(): string {
  return generateSecret(PAT_PREFIX);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isExpired(expiresAt: Date | null, now: Date = new Date()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
