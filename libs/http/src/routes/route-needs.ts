/**
 * Reading a route's `needs`: whether it declares something checkable, and the
 * sentence the API document shows for it.
 */
import { ROLES, scopeActionError, type ScopeOperation } from '@tessera/domain';
import type { RouteNeeds, ScopeAction } from './route-table.js';

export function splitScopeAction(action: ScopeAction): { recordType: string; operation: ScopeOperation } {
  const at = action.lastIndexOf(':');
  return { recordType: action.slice(0, at), operation: action.slice(at + 1) as ScopeOperation };
}

/**
 * What is wrong with a route's needs; empty when the route says what it needs.
 * The type already demands `needs`; this also catches what the type lets
 * through (`{ public: '' }`, `{ scope: ':Read' }`) and plain JavaScript callers.
 */
export function needsProblems(needs: RouteNeeds | undefined): string[] {
  if (!needs || typeof needs !== 'object') return ['declares no needs'];
  if ('public' in needs) {
    const problems = typeof needs.public === 'string' && needs.public.trim().length > 0 ? [] : ['is public without saying why'];
    if (needs.rateLimit !== undefined && needs.rateLimit !== 'address') problems.push(`has an unknown rate limit '${String(needs.rateLimit)}'`);
    return problems;
  }
  const problems: string[] = [];
  if (needs.scope === undefined && needs.role === undefined) problems.push('declares neither a scope nor a role');
  if (needs.scope !== undefined) {
    const problem = routeActionError(needs.scope);
    if (problem) problems.push(`has a malformed scope action '${needs.scope}': ${problem}`);
  }
  if (needs.answer !== undefined) {
    const problem = routeActionError(needs.answer) ?? (splitScopeAction(needs.answer).operation === 'Read' ? null : 'the answer needs a Read');
    if (problem) problems.push(`has a malformed answer action '${needs.answer}': ${problem}`);
  }
  if (needs.role !== undefined && !ROLES.includes(needs.role)) problems.push(`needs an unknown role '${needs.role}'`);
  return problems;
}

/**
 * The domain's reading of an action (known record type, known operation),
 * and one thing more: a route performs one action, so it names no wildcard;
 * `*` belongs to the scopes that grant actions.
 */
function routeActionError(action: string): string | null {
  const error = scopeActionError(action);
  if (error) return error;
  return action.includes('*') ? 'a route names the one action it performs, without a wildcard' : null;
}

/** One sentence for the API document: who may call the route. */
export function describeNeeds(needs: RouteNeeds): string {
  if ('public' in needs) {
    const counted = needs.rateLimit === 'address' ? " Calls count in the request-rate windows of the caller's address." : '';
    return `Public: ${needs.public}${counted}`;
  }
  const parts = [
    needs.role && `the ${needs.role} role in the account`,
    needs.scope && `a token whose scopes allow \`${needs.scope}\``,
    needs.answer && `${needs.scope ? '' : 'a token whose scopes allow '}\`${needs.answer}\` (the answer is the record)`,
  ].filter(Boolean);
  return `Needs ${parts.join(' and ')}.${needs.note ? ` ${needs.note}` : ''}`;
}
