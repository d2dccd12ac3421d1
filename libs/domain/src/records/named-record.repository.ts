import type { ByNameOrId, Ref } from './references.js';
import type { AccountId } from '../tenancy/account-id.js';

/** Records the intake only refers to (suppliers, problems, workflows): found by id, or by name where they have one. */
export interface NamedRecordRepository {
  find(account: AccountId, by: ByNameOrId): Promise<Ref | null>;
}
