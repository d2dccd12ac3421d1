import type { SlaTargets } from './references.js';
import type { AccountId } from '../tenancy/account-id.js';

export interface SlaRepository {
  /**
   * The SLA of the account's service instance for the customer's account, or
   * the one without a customer (SPEC.md request `resolution_target_at`). The
   * customer's account is the requested_for person's, which may be the
   * directory account.
   */
  targetsFor(account: AccountId, serviceInstanceId: number, customerAccountId: string): Promise<SlaTargets | null>;
}
