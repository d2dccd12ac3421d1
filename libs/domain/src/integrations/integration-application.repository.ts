import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { NewOAuthApplication, OAuthApplicationFields, OAuthApplicationRecord } from './integration-record.js';
import type { AccountId } from '../tenancy/account-id.js';

/** OAuth applications of one integration of an account; the client secret is stored only as its digest. */
export interface OAuthApplicationRepository {
  list(account: AccountId, integrationId: number, query: CollectionQuery): Promise<Page<OAuthApplicationRecord>>;
  find(account: AccountId, integrationId: number, id: number): Promise<OAuthApplicationRecord | null>;
  insert(account: AccountId, application: NewOAuthApplication): Promise<OAuthApplicationRecord>;
  /** Sets the given fields and updated_at; the application exists (the caller read it under the integration's lock). */
  update(account: AccountId, integrationId: number, id: number, changes: Partial<OAuthApplicationFields>): Promise<OAuthApplicationRecord>;
}
