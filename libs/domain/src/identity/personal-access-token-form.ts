/**
 * What a person may do with their own personal access tokens on the
 * "Access and Security" page: create one from a form (a name, scope lines in
 * the token scope syntax, an optional expiry date) and revoke one of their own.
 * The form arrives as text from a browser; nothing here trusts its shape.
 */
import { unstorableText } from '../records/storable-text.js';
import type { FieldError } from '../errors/domain-error.js';
import { parseTokenScope } from '../scopes/scope-statement.js';

/** The length of personal_access_tokens.name. */
export const TOKEN_NAME_MAX = 128;
const SCOPE_LINES_MAX = 50;
const SCOPE_LINE_MAX = 500;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface NewPersonalAccessTokenFields {
  name: string;
  /** One scope per line, e.g. `request:Read` or `deny request:Delete`. */
  scopes: string[];
  /** The first instant the token no longer works; null = never expires. */
  expiresAt: Date | null;
}

export type ParsedTokenForm = { ok: true; value: NewPersonalAccessTokenFields } | { ok: false; errors: FieldError[] };

/**
 * A form's `name`, `scopes` (lines) and `expires_on` (YYYY-MM-DD, optional).
 * The token works through the whole expiry day (UTC), which must be after today.
 */
export function parsePersonalAccessTokenForm(form: Record<string, unknown>, now: Date = new Date()): ParsedTokenForm {
  const errors: FieldError[] = [];
  const name = typeof form['name'] === 'string' ? form['name'].trim() : '';
  if (name === '') errors.push(['name', "Name can't be blank"]);
  else if (unstorableText(name)) errors.push(['name', `Name ${unstorableText(name)!}`]);
  else if (name.length > TOKEN_NAME_MAX) errors.push(['name', `Name is longer than ${TOKEN_NAME_MAX} characters`]);

  const text = typeof form['scopes'] === 'string' ? form['scopes'] : '';
  const scopes = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  if (scopes.length === 0) errors.push(['scopes', 'At least one scope is required']);
  else if (scopes.length > SCOPE_LINES_MAX) errors.push(['scopes', `At most ${SCOPE_LINES_MAX} scopes`]);
  else {
    for (const line of scopes) {
      if (line.length > SCOPE_LINE_MAX) errors.push(['scopes', `'${line.slice(0, 40)}…' is longer than ${SCOPE_LINE_MAX} characters`]);
      else {
        const parsed = parseTokenScope(line);
        if (!parsed.ok) errors.push(...parsed.errors.map(([, message]): FieldError => ['scopes', `${line}: ${message}`]));
      }
    }
  }

  const expires = typeof form['expires_on'] === 'string' ? form['expires_on'].trim() : '';
  let expiresAt: Date | null = null;
  if (expires !== '') {
    const day = dayOf(expires);
    if (!day) errors.push(['expires_on', `'${expires.slice(0, 20)}' is not a date (YYYY-MM-DD)`]);
    else {
      expiresAt = new Date(day.getTime() + 24 * 3600 * 1000);
      if (day.getTime() <= startOfDay(now).getTime()) errors.push(['expires_on', 'The expiry date must be after today']);
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { name, scopes, expiresAt } };
}

export type TokenRevocation = 'revoke' | 'already_revoked' | 'not_found';

/**
 * A person revokes only their own tokens. Someone else's token is answered
 * as not found, so the page never tells whether another person's id exists.
 */
export function personalAccessTokenRevocation(personId: number, token: { personId: number; revokedAt: Date | null } | null): TokenRevocation {
  if (!token || token.personId !== personId) return 'not_found';
  return token.revokedAt ? 'already_revoked' : 'revoke';
}

function dayOf(text: string): Date | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-31 rolls over to March: not a date.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
