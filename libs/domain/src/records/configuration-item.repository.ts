import type { CiLookup, CiRef } from './references.js';
import type { AccountId } from '../tenancy/account-id.js';

export interface ConfigurationItemRepository {
  /** By id, label (or the name of a software CI), or source + sourceID; with its first service instance of the same account. */
  find(account: AccountId, by: CiLookup): Promise<CiRef | null>;
}
