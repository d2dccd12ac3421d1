/**
 * SPEC.md events parameter `support_domain`: the account in which to register
 * the request; required when the current user's person record is in a
 * directory account (an account with support domains). The named account must
 * be a support domain the caller may act in: never the directory account
 * itself, nor any other account.
 */
import { validationFailed } from '../errors/domain-error.js';
import { isSupportDomainFor, type AccountRecord } from '../identity/account-access.js';
import type { EventInput } from './event-input.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { IntakeContext } from './intake-context.js';

export async function registrationAccount(input: EventInput, ctx: IntakeContext, tx: Pick<Transaction, 'accounts'>): Promise<AccountRecord> {
  const personAccountId = ctx.access.person.accountId;
  if (!input.support_domain) {
    if (ctx.access.person.inDirectoryAccount) throw validationFailed([['support_domain', 'Support domain is required for a person of a directory account']]);
    return ctx.access.account;
  }
  const [target, personAccount] = await Promise.all([tx.accounts.find(input.support_domain), tx.accounts.find(personAccountId)]);
  if (!target || !personAccount || !isSupportDomainFor(personAccount, target)) {
    throw validationFailed([['support_domain', `Support domain '${input.support_domain}' is not a support domain you can register requests in`]]);
  }
  return target;
}
