/**
 * The integration reads of the REST API (SPEC.md "Integration scope"): a page
 * of the account's integrations, one integration, and a page of one
 * integration's OAuth applications. Administrators only, with
 * `integration:Read` (integration-admin.ts); another account's integration is
 * not found.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import type { IntegrationRecord, OAuthApplicationRecord } from './integration-record.js';

type IntegrationReads = Pick<Repositories, 'integrations' | 'oauthApplications'>;

export function listIntegrations(access: AccessContext, query: CollectionQuery, repos: Pick<Repositories, 'integrations'>): Promise<Page<IntegrationRecord>> {
  assertIntegrationAdmin(access, 'Read');
  return repos.integrations.list(access.account.id, query);
}

export async function getIntegration(access: AccessContext, id: number, repos: Pick<Repositories, 'integrations'>): Promise<IntegrationRecord> {
  assertIntegrationAdmin(access, 'Read');
  const integration = await repos.integrations.find(access.account.id, id);
  if (!integration) throw notFound();
  return integration;
}

export async function listIntegrationApplications(access: AccessContext, integrationId: number, query: CollectionQuery, repos: IntegrationReads): Promise<Page<OAuthApplicationRecord>> {
  assertIntegrationAdmin(access, 'Read');
  const page = await repos.oauthApplications.list(access.account.id, integrationId, query);
  // An empty page may mean no such integration in this account: only then is it worth a second read.
  if (page.total === 0 && !(await repos.integrations.find(access.account.id, integrationId))) throw notFound();
  return page;
}
