import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { IntegrationScopeRecord } from './integration-record.js';
import type { ScopeFields } from '../scopes/scope-statement.js';
import type { AccountId } from '../tenancy/account-id.js';

/** Scopes of one integration of an account (SPEC.md "Integration scope"); conditions stored as written. */
export interface IntegrationScopeRepository {
  list(account: AccountId, integrationId: number, query: CollectionQuery): Promise<Page<IntegrationScopeRecord>>;
  find(account: AccountId, integrationId: number, id: number): Promise<IntegrationScopeRecord | null>;
  insert(account: AccountId, integrationId: number, fields: ScopeFields): Promise<IntegrationScopeRecord>;
  /** Sets the given fields and updated_at; the scope exists (the caller read it under the integration's lock). */
  update(account: AccountId, integrationId: number, id: number, changes: Partial<ScopeFields>): Promise<IntegrationScopeRecord>;
  delete(account: AccountId, integrationId: number, id: number): Promise<void>;
}
