/**
 * The scope JSON of SPEC.md "Integration scope": `id`, `effect`, `actions`,
 * `conditions` (as written; docs/decisions/013-scope-conditions.md),
 * `created_at`, `updated_at` and `nodeID` (node type `IntegrationScope`).
 */
import type { IntegrationScopeRecord } from '../integrations/integration-record.js';
import { encodeNodeId } from '../node-id.js';

export function presentIntegrationScope(scope: IntegrationScopeRecord): Record<string, unknown> {
  return {
    id: scope.id,
    effect: scope.effect,
    actions: scope.actions,
    conditions: scope.conditions,
    created_at: scope.created_at,
    updated_at: scope.updated_at,
    nodeID: encodeNodeId('IntegrationScope', scope.id),
  };
}
