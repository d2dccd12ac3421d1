/**
 * The condition syntax of scopes (REFERENCE.md "Integration scopes": the one
 * documented condition is the account of the call; the rest is Tessera's,
 * docs/decisions/013-scope-conditions.md). A condition is
 * `<attribute> <operator> <value>`:
 * - `account = wdc`, `account != wdc`, `account in wdc, widget` — the account
 *   of the call (the X-Service-Account header);
 * - `role = administrator`, `role != auditor`, `role in agent, specialist` —
 *   a role the caller has in the account of the call (`!=`: has not).
 * A scope's conditions must all hold for the scope to apply.
 */
import { ACCOUNT_ID_PATTERN } from '../identity/account-access.js';
import { ROLES, type Role } from '../identity/roles.js';

export type ScopeCondition =
  | { attribute: 'account'; operator: '=' | '!=' | 'in'; values: string[] }
  | { attribute: 'role'; operator: '=' | '!=' | 'in'; values: Role[] };

/** What a condition is evaluated against: the call. */
export interface CallFacts {
  accountId: string;
  roles: readonly Role[];
}

const SHAPE = /^\s*(account|role)\s*(=|!=|\bin\b)\s*(.+?)\s*$/;

export type ParsedCondition = { ok: true; condition: ScopeCondition } | { ok: false; error: string };

export function parseScopeCondition(text: string): ParsedCondition {
  const match = SHAPE.exec(text);
  if (!match) return { ok: false, error: `'${text.slice(0, 80)}' is not a condition (account = <id>, account != <id>, account in <id>, …; role = <role>, …)` };
  const [, attribute, operator, rawValues] = match as unknown as [string, 'account' | 'role', '=' | '!=' | 'in', string];
  const values = operator === 'in' ? rawValues.split(',').map((value) => value.trim()) : [rawValues];
  if (values.length === 0 || values.some((value) => value === '')) return { ok: false, error: `'${text.slice(0, 80)}' names no value` };
  if (attribute === 'account') {
    const bad = values.find((value) => !ACCOUNT_ID_PATTERN.test(value));
    if (bad !== undefined) return { ok: false, error: `'${bad.slice(0, 80)}' is not an account id` };
    return { ok: true, condition: { attribute, operator, values } };
  }
  const bad = values.find((value) => !(ROLES as readonly string[]).includes(value));
  if (bad !== undefined) return { ok: false, error: `'${bad.slice(0, 80)}' is not a role (${ROLES.join(', ')})` };
  return { ok: true, condition: { attribute, operator, values: values as Role[] } };
}

export function conditionHolds(condition: ScopeCondition, call: CallFacts): boolean {
  const actual: readonly string[] = condition.attribute === 'account' ? [call.accountId] : call.roles;
  const any = condition.values.some((value) => actual.includes(value));
  return condition.operator === '!=' ? !any : any;
}
