/**
 * `GET /v1/cis`, `GET /v1/cis/:id`, `GET /v1/service_instances` and
 * `GET /v1/service_instances/:id` (issue 22): the records of the account of the call; need
 * ci:Read / service_instance:Read, as GraphQL's `configurationItems` and `serviceInstances`
 * (connections/graph-read-rules.ts). Another account's record is not found.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { ConfigurationItemView, ServiceInstanceView } from './cmdb-views.js';

type CmdbReads = Pick<Repositories, 'cmdb'>;

export async function listConfigurationItems(access: AccessContext, query: CollectionQuery, repos: CmdbReads): Promise<Page<ConfigurationItemView>> {
  assertAllowed(access, 'ci', 'Read');
  return repos.cmdb.listCis(access.account.id, query);
}

export async function getConfigurationItem(access: AccessContext, id: number, repos: CmdbReads): Promise<ConfigurationItemView> {
  assertAllowed(access, 'ci', 'Read');
  const view = await repos.cmdb.findCi(access.account.id, id);
  if (!view) throw notFound();
  return view;
}

export async function listServiceInstances(access: AccessContext, query: CollectionQuery, repos: CmdbReads): Promise<Page<ServiceInstanceView>> {
  assertAllowed(access, 'service_instance', 'Read');
  return repos.cmdb.listServiceInstances(access.account.id, query);
}

export async function getServiceInstance(access: AccessContext, id: number, repos: CmdbReads): Promise<ServiceInstanceView> {
  assertAllowed(access, 'service_instance', 'Read');
  const view = await repos.cmdb.findServiceInstance(access.account.id, id);
  if (!view) throw notFound();
  return view;
}
