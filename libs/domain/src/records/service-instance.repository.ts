import type { ByNameOrId, ServiceInstanceRef } from './references.js';
import type { AccountId } from '../tenancy/account-id.js';

export interface ServiceInstanceRepository {
  /** With its first line and support teams, each only when it is a team of the same account. */
  find(account: AccountId, by: ByNameOrId): Promise<ServiceInstanceRef | null>;
}
