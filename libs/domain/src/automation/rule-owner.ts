/**
 * The person a rule runs as (docs/decisions/053; ../shared/RECORDS.md §6: rules "have no more rights
 * than the person they run for"): whoever created or last changed it, with their roles in the
 * account and nothing a token could add: every scope (a token narrows a person's rights, it never
 * widens them; there is no token here to narrow them). Null, with the reason, when that person
 * may no longer act in the account.
 */
import { canActInAccount } from '../identity/account-access.js';
import type { AccessContext } from '../identity/access-context.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { AutomationRuleRepository } from './automation-rule.repository.js';

const EVERY_SCOPE = tokenScopes(['*:*']);

export async function ruleOwnerAccess(rules: Pick<AutomationRuleRepository, 'personAccess'>, account: AccountId, personId: number | null): Promise<{ access: AccessContext } | { refused: string }> {
  if (personId === null) return { refused: 'the rule has no person to run as' };
  const found = await rules.personAccess(account, personId);
  if (!found || !found.account) return { refused: `the person the rule runs as (${personId}) is gone` };
  if (found.person.disabled) return { refused: `the person the rule runs as (${found.person.name}) is disabled` };
  if (!canActInAccount(found.personAccount, found.account)) return { refused: `the person the rule runs as (${found.person.name}) may not act in the account` };
  const { disabled: _disabled, ...person } = found.person;
  return { access: { person, account: found.account, roles: found.roles, scopes: EVERY_SCOPE, token: { kind: 'personal_access_token', id: 0 } } };
}
