/**
 * SPEC.md "Integration scopes API (beta)": `GET /integrations/:id/scopes` (a
 * collection, default fields id, effect, actions) and
 * `GET /integrations/:id/scopes/:scope_id` (every field). Administrators only,
 * with `integration:Read` (integration-admin.ts); an unknown integration, one
 * of another account, or an unknown scope is not found.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import type { IntegrationScopeRecord } from './integration-record.js';

type ScopeReads = Pick<Repositories, 'integrations' | 'integrationScopes'>;

export async function listIntegrationScopes(access: AccessContext, integrationId: number, query: CollectionQuery, repos: ScopeReads): Promise<Page<IntegrationScopeRecord>> {
  assertIntegrationAdmin(access, 'Read');
  const page = await repos.integrationScopes.list(access.account.id, integrationId, query);
  // An empty page may mean no such integration in this account: only then is it worth a second read.
  if (page.total === 0 && !(await repos.integrations.find(access.account.id, integrationId))) throw notFound();
  return page;
}

export async function getIntegrationScope(access: AccessContext, integrationId: number, scopeId: number, repos: ScopeReads): Promise<IntegrationScopeRecord> {
  assertIntegrationAdmin(access, 'Read');
  const scope = await repos.integrationScopes.find(access.account.id, integrationId, scopeId);
  if (!scope) throw notFound();
  return scope;
}
