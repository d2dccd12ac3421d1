/**
 * The fields an administrator sets on an integration and on an OAuth
 * application (declared in integration-declarations.ts), and their rules: a name (not blank, at most 190 characters,
 * unique per account for integrations — the store enforces that), a
 * description of at most 64 KB, at least one redirect URI (redirect-uri.ts).
 * Every problem is reported at once, as `[field, message]` pairs.
 */
import type { FieldError } from '../errors/domain-error.js';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, REDIRECT_URIS_MAX } from './integration-declarations.js';
import type { IntegrationFields, OAuthApplicationFields } from './integration-record.js';
import { redirectUriError } from './redirect-uri.js';

function nameErrors(name: string | undefined, required: boolean): FieldError[] {
  if (name === undefined) return required ? [['name', "Name can't be blank"]] : [];
  if (name.trim() === '') return [['name', "Name can't be blank"]];
  if (name.length > NAME_MAX_LENGTH) return [['name', `Name is too long (maximum is ${NAME_MAX_LENGTH} characters)`]];
  return [];
}

/** `required`: on create, fields left out take their defaults but a name must be given. */
export function integrationFieldErrors(fields: Partial<IntegrationFields>, required: boolean): FieldError[] {
  const errors = nameErrors(fields.name, required);
  if (fields.description && fields.description.length > DESCRIPTION_MAX_LENGTH) {
    errors.push(['description', `Description is too long (maximum is ${DESCRIPTION_MAX_LENGTH} characters)`]);
  }
  return errors;
}

export function applicationFieldErrors(fields: Partial<OAuthApplicationFields>, required: boolean): FieldError[] {
  const errors = nameErrors(fields.name, required);
  const uris = fields.redirect_uris;
  if (uris === undefined ? required : uris.length === 0) errors.push(['redirect_uris', 'At least one redirect URI is required']);
  if (uris && uris.length > REDIRECT_URIS_MAX) errors.push(['redirect_uris', `At most ${REDIRECT_URIS_MAX} redirect URIs are allowed`]);
  for (const uri of uris ?? []) {
    const error = redirectUriError(uri);
    if (error) errors.push(['redirect_uris', error]);
  }
  return errors;
}
