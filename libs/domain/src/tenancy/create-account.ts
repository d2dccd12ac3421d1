/**
 * Creates an account (SPEC.md "Service account": the `X-Service-Account` every call names): a
 * directory account, or a support domain of one (`directoryAccountId`), whose agents then see the
 * directory's people (SPEC.md "Events intake API", people of the directory account).
 * - id: 2 to 63 characters, a lowercase letter first, then lowercase letters, digits and dashes
 *   (the accounts_id_format constraint); not taken;
 * - name: not blank, text PostgreSQL can store, at most 190 characters;
 * - directory: an existing account that is not itself a support domain (one level, as the
 *   visibility rules read it).
 * Every problem is reported at once.
 */
import { validationFailed, type FieldError } from '../errors/domain-error.js';
import { unstorableText } from '../records/storable-text.js';
import type { AccountRegistry, RegisteredAccount } from './account-registry.js';

export const ACCOUNT_ID_FORMAT = /^[a-z][a-z0-9-]{1,62}$/;
export const ACCOUNT_NAME_MAX = 190;

export interface NewAccountInput {
  id: string;
  name: string | undefined;
  directoryAccountId?: string | undefined;
}

export async function createAccount(input: NewAccountInput, accounts: AccountRegistry): Promise<RegisteredAccount> {
  const errors: FieldError[] = [];
  const name = input.name?.trim() ?? '';
  if (!ACCOUNT_ID_FORMAT.test(input.id)) {
    errors.push(['id', 'Id must be 2 to 63 characters: a lowercase letter, then lowercase letters, digits and dashes']);
  } else if (await accounts.find(input.id)) errors.push(['id', `Id has already been taken: account ${input.id} exists`]);
  if (name === '') errors.push(['name', "Name can't be blank"]);
  else if (unstorableText(name)) errors.push(['name', `Name ${unstorableText(name)!}`]);
  else if (name.length > ACCOUNT_NAME_MAX) errors.push(['name', `Name is longer than ${ACCOUNT_NAME_MAX} characters`]);
  const directoryId = input.directoryAccountId ?? null;
  if (directoryId !== null) {
    const directory = ACCOUNT_ID_FORMAT.test(directoryId) ? await accounts.find(directoryId) : null;
    if (!directory) errors.push(['directory_account', `No account has the id ${directoryId}`]);
    else if (directory.directoryAccountId !== null) {
      errors.push(['directory_account', `Account ${directoryId} is a support domain of ${directory.directoryAccountId}, not a directory account`]);
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
  const account = { id: input.id, name, directoryAccountId: directoryId };
  if (!(await accounts.insert(account))) throw validationFailed([['id', `Id has already been taken: account ${input.id} exists`]]);
  return account;
}
