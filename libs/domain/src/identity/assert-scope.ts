/**
 * SPEC.md "GraphQL API authentication" rule 3, for every transport: a call
 * needs the scope of each action it performs. The 403 names the action, so the
 * developer knows which scope to add to the token.
 */
import { forbidden } from '../errors/domain-error.js';
import { scopeAllows, type ScopeOperation } from './scopes.js';

export function assertScope(scopes: readonly string[], recordType: string, operation: ScopeOperation): void {
  if (!scopeAllows(scopes, recordType, operation)) throw forbidden(`This token's scopes do not allow ${recordType}:${operation}`);
}
