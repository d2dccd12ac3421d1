/**
 * Creates a person of an account, with their roles there, and publishes `person.create`
 * (SPEC.md "Events": a webhook subscribed to it gets the new person's id and node id).
 * - name: not blank, at most 128 characters;
 * - primary e-mail: an address (one @, no spaces), at most 254 characters, not the primary e-mail
 *   of anyone else in any account, whatever its case (it identifies a person at sign-in);
 * - locale: a BCP 47 tag such as en-US, at most 16 characters; default en-US;
 * - roles: of identity/roles.ts;
 * - password, when given: 10 to 1024 characters (stored as its scrypt digest only).
 * The account must exist. Every problem is reported at once; nothing is written unless all pass.
 */
import { validationFailed, type FieldError } from '../errors/domain-error.js';
import { hashPassword } from '../identity/password.js';
import { ROLES, type Role } from '../identity/roles.js';
import { recordChange } from '../outbox/record-change.js';
import type { PersonRegistry } from './person-registry.js';

export const PERSON_NAME_MAX = 128;
export const PRIMARY_EMAIL_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export interface NewPersonInput {
  account: string;
  name: string | undefined;
  primaryEmail: string | undefined;
  locale?: string | undefined;
  roles?: readonly string[];
  password?: string | undefined;
}

/** Where a change made by the administration command, not through an API, says it came from. */
export const ADMINISTRATION_SOURCE = 'tessera';

export async function createPerson(input: NewPersonInput, people: PersonRegistry): Promise<{ id: number }> {
  const errors: FieldError[] = [];
  const name = input.name?.trim() ?? '';
  if (name === '') errors.push(['name', "Name can't be blank"]);
  else if (name.length > PERSON_NAME_MAX) errors.push(['name', `Name is longer than ${PERSON_NAME_MAX} characters`]);
  const email = input.primaryEmail?.trim() ?? '';
  if (email === '') errors.push(['primary_email', "Primary email can't be blank"]);
  else if (email.length > PRIMARY_EMAIL_MAX) errors.push(['primary_email', `Primary email is longer than ${PRIMARY_EMAIL_MAX} characters`]);
  else if (!EMAIL.test(email)) errors.push(['primary_email', `Primary email '${email}' is not an e-mail address`]);
  else if ((await people.idByEmail(email)) !== null) errors.push(['primary_email', `Primary email has already been taken: ${email}`]);
  const locale = input.locale ?? 'en-US';
  if (locale.length > 16 || !LOCALE.test(locale)) errors.push(['locale', `Locale '${locale.slice(0, 20)}' is not a language tag such as en-US`]);
  const roles = [...new Set(input.roles ?? [])];
  const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) errors.push(['roles', `Roles are ${ROLES.join(', ')}; not ${unknown.join(', ')}`]);
  const password = input.password;
  if (password !== undefined && (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)) {
    errors.push(['password', `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`]);
  }
  const account = await people.findAccount(input.account);
  if (!account) errors.push(['account', `No account has the id ${input.account}`]);
  if (errors.length > 0 || !account) throw validationFailed(errors);

  const passwordHash = password === undefined ? null : await hashPassword(password);
  return people.transaction(async (tx) => {
    const id = await tx.people.insert({ account: account.id, name, primaryEmail: email, locale, passwordHash, roles: roles as Role[] });
    if (id === null) throw validationFailed([['primary_email', `Primary email has already been taken: ${email}`]]);
    await recordChange(tx, {
      account: account.id,
      record: { type: 'Person', id },
      action: 'create',
      actor: null,
      source: ADMINISTRATION_SOURCE,
      sourceId: null,
      changes: { name, primary_email: email, locale, roles },
      events: [{ name: 'person.create' }],
    });
    return { id };
  });
}
