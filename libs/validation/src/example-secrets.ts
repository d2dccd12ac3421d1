/**
 * Secrets this repository publishes are refused in production, whatever their
 * length or form (issue 30 item 13): the placeholders of deploy/ and docs
 * (`change-me-…`), and the public development keys. A deployment started from
 * an example file as written fails at boot naming each such variable, instead
 * of running on a key anyone can read. (The sealing key's placeholder was
 * refused only because it is not base64; the cookie keys' was accepted.)
 */
import { DEVELOPMENT_SEALING_KEY } from '@tessera/domain';

/** The variables that hold secrets, in every app that reads them. */
export const SECRET_VARIABLES = ['DATABASE_URL', 'SECRET_SEALING_KEY', 'COOKIE_KEYS', 'METRICS_TOKEN', 'SMTP_URL', 'REDIS_URL'] as const;

/** What every published placeholder or public key says of itself. */
const PUBLISHED_MARKERS = [/change-?me/i, /not-?(a-?)?secret/i];
const PUBLISHED_VALUES = new Set([DEVELOPMENT_SEALING_KEY]);

export function isPublishedSecret(value: string): boolean {
  const text = value.trim();
  return PUBLISHED_VALUES.has(text) || PUBLISHED_MARKERS.some((marker) => marker.test(text));
}

/** One problem per secret variable of `env` that holds a published value (any of a list's items). */
export function publishedSecretProblems(env: Record<string, string | undefined>): string[] {
  return SECRET_VARIABLES.filter((name) => (env[name] ?? '').split(',').some(isPublishedSecret)).map(
    (name) => `${name}: is an example or development value published with Tessera; set a secret of your own in production`,
  );
}
