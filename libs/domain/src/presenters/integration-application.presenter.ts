/**
 * The OAuth application JSON of the REST API: its fields and `nodeID` (node
 * type `OAuthApplication`). Never the client secret: only the answer that
 * creates the application carries it (`presentCreatedOAuthApplication`).
 */
import type { CreatedOAuthApplication } from '../integrations/create-oauth-application.js';
import type { OAuthApplicationRecord } from '../integrations/integration-record.js';
import { encodeNodeId } from '../node-id.js';

export function presentOAuthApplication(application: OAuthApplicationRecord): Record<string, unknown> {
  return {
    id: application.id,
    name: application.name,
    client_id: application.client_id,
    redirect_uris: application.redirect_uris,
    disabled: application.disabled,
    created_at: application.created_at,
    updated_at: application.updated_at,
    nodeID: encodeNodeId('OAuthApplication', application.id),
  };
}

export function presentCreatedOAuthApplication({ application, clientSecret }: CreatedOAuthApplication): Record<string, unknown> {
  return { ...presentOAuthApplication(application), client_secret: clientSecret };
}
