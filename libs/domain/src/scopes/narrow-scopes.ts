/**
 * An OAuth access token carries its own `scope` (REFERENCE.md "OAuth": space-separated
 * `<record type>:<operation>` strings, a subset of what the application's integration
 * allows). The token may do an action only when the integration's scopes allow it AND
 * the token's scope covers it; the integration's deny scopes keep their force.
 * See docs/decisions/013-scope-conditions.md "OAuth access tokens".
 *
 * The narrowing is done once, on the statements, so the one evaluator needs no second
 * input: each allow statement keeps only the intersections of its actions with the
 * token's scope actions (`request:*` ∩ `*:Read` = `request:Read`), with its conditions;
 * an allow statement with nothing left goes; deny statements stay as they are.
 * Then `a ∩ t` covers an action exactly when both `a` and `t` cover it.
 */
import { scopeActionError } from './scope-action.js';
import { parseScopeFields, type ScopeFields, type ScopeStatement } from './scope-statement.js';

/**
 * The action strings of a token's `scope`, or null when the token names none
 * (`scope` absent or blank: the integration's scopes apply whole). Words that are not
 * actions (`openid`, `offline_access`) are left out: they grant nothing, and a scope of
 * such words alone narrows the token to nothing.
 */
export function tokenScopeActions(scope: string | null | undefined): string[] | null {
  const words = (scope ?? '').split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return null;
  return words.filter((word) => scopeActionError(word) === null);
}

/** The common part of two actions (wildcards allowed on either side), or null when they share none. */
export function intersectActions(left: string, right: string): string | null {
  const [leftType, leftOperation] = split(left);
  const [rightType, rightOperation] = split(right);
  const type = meet(leftType, rightType);
  const operation = meet(leftOperation, rightOperation);
  return type === null || operation === null ? null : `${type}:${operation}`;
}

/** The integration's statements as a token of `scope` may use them; `null` scope: unchanged. */
export function narrowToTokenScope(statements: readonly ScopeStatement[], scope: readonly string[] | null): ScopeStatement[] {
  if (scope === null) return [...statements];
  return statements.flatMap((statement) => {
    if (statement.effect === 'deny') return [statement];
    const actions = new Set<string>();
    for (const action of statement.actions) {
      for (const allowed of scope) {
        const common = intersectActions(action, allowed);
        if (common !== null) actions.add(common);
      }
    }
    return actions.size === 0 ? [] : [{ ...statement, actions: [...actions] }];
  });
}

function split(action: string): [string, string] {
  const at = action.indexOf(':');
  return at < 0 ? [action, ''] : [action.slice(0, at), action.slice(at + 1)];
}

function meet(left: string, right: string): string | null {
  if (left === '' || right === '') return null;
  if (left === '*') return right;
  if (right === '*' || right === left) return left;
  return null;
}

/**
 * The statements of an OAuth access token: its integration's stored scopes, parsed
 * (a stored scope that no longer parses grants nothing, as for personal access
 * tokens), narrowed to the token's own `scope`.
 */
export function oauthTokenScopes(integrationScopes: readonly ScopeFields[], scope: string | null | undefined): ScopeStatement[] {
  const statements = integrationScopes.flatMap((fields) => {
    const parsed = parseScopeFields(fields);
    return parsed.ok ? [parsed.statement] : [];
  });
  return narrowToTokenScope(statements, tokenScopeActions(scope));
}
