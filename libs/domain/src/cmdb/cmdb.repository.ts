/**
 * What the configuration items and service instances of `/v1/cis` and
 * `/v1/service_instances` read and write (issue 22): pages and single views of one account,
 * rows locked for a change, their links. SQL: libs/persistence cmdb/.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { CiRuleSet, CiStatus } from './configuration-item-fields.js';
import type { ConfigurationItemView, ServiceInstanceView } from './cmdb-views.js';

/** The stored fields of a configuration item that a write may set. */
export interface CiFieldsRow {
  name: string;
  label: string | null;
  status: CiStatus;
  rule_set: CiRuleSet;
  source: string | null;
  source_id: string | null;
  support_team_id: number | null;
}

/** The stored fields of a service instance that a write may set. */
export interface ServiceInstanceFieldsRow {
  name: string;
  service_id: number | null;
  first_line_team_id: number | null;
  support_team_id: number | null;
}

/** Tables whose ids a write may name. */
export type CmdbTarget = 'teams' | 'services' | 'service_instances' | 'configuration_items';

export interface CmdbRepository {
  listCis(account: AccountId, query: CollectionQuery): Promise<Page<ConfigurationItemView>>;
  findCi(account: AccountId, id: number): Promise<ConfigurationItemView | null>;
  listServiceInstances(account: AccountId, query: CollectionQuery): Promise<Page<ServiceInstanceView>>;
  findServiceInstance(account: AccountId, id: number): Promise<ServiceInstanceView | null>;
  /** The ids of `ids` that name no row of `target` in the account, in the order given. */
  missingIds(account: AccountId, target: CmdbTarget, ids: readonly number[]): Promise<number[]>;
  /** The id of the CI of the account, but `exceptId`, with that label; null when none. */
  ciWithLabel(account: AccountId, label: string, exceptId?: number): Promise<number | null>;
  /** The id of the service instance of the account, but `exceptId`, with that name; null when none. */
  serviceInstanceWithName(account: AccountId, name: string, exceptId?: number): Promise<number | null>;
  /** Null when the label was taken meanwhile (nothing written). */
  insertCi(account: AccountId, fields: CiFieldsRow): Promise<number | null>;
  /** The CI of the account, locked until the transaction ends; null when there is none. */
  findCiForUpdate(account: AccountId, id: number): Promise<CiFieldsRow | null>;
  /** False when the label was taken meanwhile (nothing written). */
  updateCi(id: number, changes: Partial<CiFieldsRow>): Promise<boolean>;
  /** Null when the name was taken meanwhile (nothing written). */
  insertServiceInstance(account: AccountId, fields: ServiceInstanceFieldsRow): Promise<number | null>;
  findServiceInstanceForUpdate(account: AccountId, id: number): Promise<ServiceInstanceFieldsRow | null>;
  /** False when the name was taken meanwhile (nothing written). */
  updateServiceInstance(id: number, changes: Partial<ServiceInstanceFieldsRow>): Promise<boolean>;
  /** The CI's service instances, in their order. */
  serviceInstancesOfCi(ciId: number): Promise<number[]>;
  /** Replaces the CI's service instances by these, in this order. */
  replaceServiceInstancesOfCi(ciId: number, serviceInstanceIds: readonly number[]): Promise<void>;
  /** The service instance's CIs, by id. */
  cisOfServiceInstance(serviceInstanceId: number): Promise<number[]>;
  /** Links these CIs to the service instance (each after its other service instances) and unlinks the others. */
  replaceCisOfServiceInstance(serviceInstanceId: number, ciIds: readonly number[]): Promise<void>;
}
