/**
 * The integration JSON of the REST API (an extension of SPEC.md, documented
 * in /v1/openapi.json): its fields, datetimes ISO 8601, and `nodeID` (node
 * type `Integration`). Its scopes and applications are collections of their own.
 */
import type { IntegrationRecord } from '../integrations/integration-record.js';
import { encodeNodeId } from '../node-id.js';

export function presentIntegration(integration: IntegrationRecord): Record<string, unknown> {
  return {
    id: integration.id,
    name: integration.name,
    description: integration.description,
    disabled: integration.disabled,
    authorizations_revoked_at: integration.authorizations_revoked_at,
    created_at: integration.created_at,
    updated_at: integration.updated_at,
    nodeID: encodeNodeId('Integration', integration.id),
  };
}
