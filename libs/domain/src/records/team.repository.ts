import type { ByNameOrId, Ref } from './references.js';
import type { AccountId } from '../tenancy/account-id.js';

export interface TeamRepository {
  find(account: AccountId, by: ByNameOrId): Promise<Ref | null>;
}
