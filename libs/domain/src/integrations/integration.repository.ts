import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { IntegrationFields, IntegrationRecord } from './integration-record.js';
import type { AccountId } from '../tenancy/account-id.js';

/** The store refused the write: another integration of the account has that name. */
export type NameTaken = 'name-taken';

/** Integrations of one account (SPEC.md "Integration scope"). */
export interface IntegrationRepository {
  find(account: AccountId, id: number): Promise<IntegrationRecord | null>;
  /**
   * Row-locked until the transaction ends: the changes of one integration, its
   * scopes and its applications happen one after the other.
   */
  findForUpdate(account: AccountId, id: number): Promise<IntegrationRecord | null>;
  list(account: AccountId, query: CollectionQuery): Promise<Page<IntegrationRecord>>;
  insert(account: AccountId, fields: IntegrationFields): Promise<IntegrationRecord | NameTaken>;
  /** Sets the given fields and updated_at; the integration exists (the caller locked it). */
  update(account: AccountId, id: number, changes: Partial<IntegrationFields>): Promise<IntegrationRecord | NameTaken>;
  /**
   * The revocation rule (integrations/authorization-revocation.ts): from now
   * on, every OAuth token and grant of the integration issued until this
   * moment is no longer valid. Returns the new revocation time.
   */
  revokeAuthorizations(account: AccountId, id: number): Promise<Date>;
}
