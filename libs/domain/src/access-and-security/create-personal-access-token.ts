/**
 * A person creates a personal access token on the "Access and Security" page (SPEC.md
 * "GraphQL API authentication" rule 2: "a personal access token (created in the user's
 * profile)"). Steps: read the form (`parsePersonalAccessTokenForm`) → draw 256 random
 * bits → store the SHA-256 digest only → hand the value back, its one appearance.
 */
import type { FieldError } from '../errors/domain-error.js';
import { generatePersonalAccessToken, hashToken } from '../identity/personal-access-token.js';
import { parsePersonalAccessTokenForm } from '../identity/personal-access-token-form.js';
import type { PersonalAccessTokenRepository } from './access-and-security.repository.js';

export type CreatedPersonalAccessToken =
  | { ok: true; token: { id: number; name: string; value: string } }
  | { ok: false; errors: FieldError[] };

export async function createPersonalAccessToken(
  personId: number,
  form: Record<string, unknown>,
  tokens: PersonalAccessTokenRepository,
  now: Date = new Date(),
): Promise<CreatedPersonalAccessToken> {
  const parsed = parsePersonalAccessTokenForm(form, now);
  if (!parsed.ok) return parsed;
  const value = generatePersonalAccessToken();
  const id = await tokens.insert({ personId, tokenHash: hashToken(value), ...parsed.value });
  return { ok: true, token: { id, name: parsed.value.name, value } };
}
