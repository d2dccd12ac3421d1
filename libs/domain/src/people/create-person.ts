/**
 * Creates a person of an account, with their roles there, and publishes `person.create`
 * (SPEC.md "Events": a webhook subscribed to it gets the new person's id and node id).
 * The values are checked against the person's declaration (person-fields.ts), as REST's
 * `POST /v1/people` checks them; the primary e-mail must not be anyone's in any account,
 * whatever its case (it identifies a person at sign-in). The `tessera person create`
 * command also takes a password: 10 to 1024 characters (stored as its scrypt digest only).
 * The account must exist. Every problem is reported at once; nothing is written unless all pass.
 * In one transaction: the person with the password's digest, their roles, one audit line and
 * `person.create` through the one outbox, as the record engine writes `POST /v1/people`.
 */
import { validationFailed, type FieldError } from '../errors/domain-error.js';
import { hashPassword } from '../identity/password.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { recordChange } from '../outbox/record-change.js';
import { inDeclarationOrder } from '../records/check-record-input.js';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, PERSON_RECORD, checkPersonInput } from './person-fields.js';

export { PERSON_NAME_MAX, PRIMARY_EMAIL_MAX } from './person-fields.js';
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 1024;

export interface NewPersonInput {
  account: string;
  name: string | undefined;
  primaryEmail: string | undefined;
  locale?: string | undefined;
  timeZone?: string | undefined;
  roles?: readonly string[];
  password?: string | undefined;
}

/** Where a change made by the administration command, not through an API, says it came from. */
export const ADMINISTRATION_SOURCE = 'tessera';

export async function createPerson(input: NewPersonInput, uow: UnitOfWork<'accounts' | 'personWrites' | 'auditLines' | 'jobs'>): Promise<{ id: number }> {
  const { values, errors: fieldErrors } = checkPersonInput(
    { name: input.name ?? null, primary_email: input.primaryEmail ?? null, locale: input.locale, time_zone: input.timeZone, roles: input.roles === undefined ? undefined : [...input.roles] },
    'create',
  );
  const password = input.password;
  const passwordError = password !== undefined && (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX);
  const passwordHash = password === undefined || passwordError ? null : await hashPassword(password);
  return uow.transaction(async (tx) => {
    const email = values.primary_email;
    if (email && !fieldErrors.some(([field]) => field === 'primary_email') && (await tx.personWrites.idWithEmail(email)) !== null) {
      fieldErrors.push(['primary_email', `Primary email has already been taken: ${email}`]);
    }
    const errors: FieldError[] = inDeclarationOrder(PERSON_RECORD, fieldErrors);
    if (passwordError) errors.push(['password', `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`]);
    const account = await tx.accounts.find(input.account);
    if (!account) errors.push(['account', `No account has the id ${input.account}`]);
    if (errors.length > 0 || !account || !values.name || !email) throw validationFailed(errors);
    const fields = { name: values.name, primary_email: email, locale: values.locale ?? DEFAULT_LOCALE, time_zone: values.time_zone ?? DEFAULT_TIME_ZONE, disabled: false };
    const id = await tx.personWrites.insert(account.id, fields, passwordHash);
    if (id === null) throw validationFailed([['primary_email', `Primary email has already been taken: ${email}`]]);
    const roles = values.roles ?? [];
    if (roles.length > 0) await tx.personWrites.replaceRoles(account.id, id, roles);
    await recordChange(tx, {
      account: account.id, record: { type: 'Person', id }, action: 'create', actor: null,
      source: ADMINISTRATION_SOURCE, sourceId: null, changes: { ...fields, roles }, events: [{ name: 'person.create' }],
    });
    return { id };
  });
}
