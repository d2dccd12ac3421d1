/**
 * SPEC.md "Webhook" `mail_exceptions_to`: "comma-separated list of e-mail
 * addresses informed when webhook execution fails" (Events rule 2).
 * - Each address is checked on its own; empty entries (`a@x.example,,`) are
 *   dropped, so are the spaces around each address.
 * - Stored normalised, `a@x.example, b@y.example`; nothing left is `null`
 *   (the account's administrators are then informed, REFERENCE.md "Webhooks").
 * - At most 50 addresses: a failure mail is not a mailing list.
 */
import type { FieldError } from '../errors/domain-error.js';

export const MAIL_EXCEPTIONS_TO_MAX_ADDRESSES = 50;
const ADDRESS_MAX_LENGTH = 254;

// A pragmatic address: local part of printable characters without separators,
// a domain of dot-separated labels (letters, digits, hyphens; not at a label's ends).
const ADDRESS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export function isMailAddress(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf('@'));
  return address.length <= ADDRESS_MAX_LENGTH && ADDRESS.test(address) && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** The normalised list, or the errors that keep it from being one. */
export function parseMailExceptionsTo(raw: string | null): { value: string | null; errors: FieldError[] } {
  if (raw === null) return { value: null, errors: [] };
  const addresses = raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const errors: FieldError[] = addresses
    .filter((address) => !isMailAddress(address))
    .slice(0, 5)
    .map((address) => ['mail_exceptions_to', `'${address.slice(0, 80)}' is not a valid e-mail address`]);
  if (addresses.length > MAIL_EXCEPTIONS_TO_MAX_ADDRESSES) {
    errors.push(['mail_exceptions_to', `Mail exceptions to has too many addresses (maximum is ${MAIL_EXCEPTIONS_TO_MAX_ADDRESSES})`]);
  }
  return { value: addresses.length === 0 ? null : addresses.join(', '), errors };
}
