/**
 * The one scope evaluator, for every transport and every kind of token
 * (SPEC.md "GraphQL API authentication" rule 3; "Integration scope" effect):
 * - a scope applies when one of its actions covers the call's action
 *   (wildcards included) and all of its conditions hold for the call;
 * - a `deny` scope that applies refuses the call, whatever allows it;
 * - otherwise an `allow` scope that applies permits it;
 * - no applying allow: refused.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { actionCovers, actionName, type Action, type ScopeOperation } from './scope-action.js';
import { conditionHolds, type CallFacts } from './scope-condition.js';
import type { ScopeStatement } from './scope-statement.js';

export type ScopeDecision = { allowed: true } | { allowed: false; because: 'denied' | 'not-allowed' };

export function evaluateScopes(statements: readonly ScopeStatement[], action: Action, call: CallFacts): ScopeDecision {
  let allowed = false;
  for (const statement of statements) {
    if (!statement.actions.some((scopeAction) => actionCovers(scopeAction, action))) continue;
    if (!statement.conditions.every((condition) => conditionHolds(condition, call))) continue;
    if (statement.effect === 'deny') return { allowed: false, because: 'denied' };
    allowed = true;
  }
  return allowed ? { allowed: true } : { allowed: false, because: 'not-allowed' };
}

/** Refuses the call with 403 naming the action, so the developer knows which scope to change. */
export function assertAllowed(access: Pick<AccessContext, 'scopes' | 'account' | 'roles'>, recordType: string, operation: ScopeOperation): void {
  const action = { recordType, operation };
  const decision = evaluateScopes(access.scopes, action, { accountId: access.account.id, roles: access.roles });
  if (decision.allowed) return;
  throw forbidden(decision.because === 'denied' ? `This token's scopes deny ${actionName(action)}` : `This token's scopes do not allow ${actionName(action)}`);
}
