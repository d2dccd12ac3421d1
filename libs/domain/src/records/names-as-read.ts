/**
 * A name or label unique in its account is compared as a person reads it (issue 30 item 10,
 * docs/decisions/038): in any letter case, in Unicode NFC, invisible (Default_Ignorable)
 * characters left out, so `service desk` and `Service\u200b Desk` are the name `Service Desk`
 * has. The store holds the comparison (its unique indexes); the domain says so when it refuses.
 */
import type { FieldError } from '../errors/domain-error.js';
import { humanizeField } from './record-fields.js';

/** How names are compared, as every refusal of a taken name says it. */
export const COMPARED_AS_READ = 'compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out';

/** `field` (`name`, `label`) of the account already reads as `value`. */
export function takenAsRead(field: string, value: string): FieldError {
  return [field, `${humanizeField(field)} has already been taken: ${value.slice(0, 80)} (${field}s in an account are ${COMPARED_AS_READ})`];
}

/** The sentence a 409 ends with: "… already exists in this account (names are compared …)". */
export const namesComparedAsRead = `(names in an account are ${COMPARED_AS_READ})`;
