import type { AccountId } from '../tenancy/account-id.js';

export interface SupportAgreementRepository {
  /**
   * SPEC.md "Default values for a new request", row team: the Service Desk Team
   * of the first line support agreement covering the account of the
   * requested_for person. The customer's account may be another one (a
   * directory account's person); the agreement and its team are the support
   * domain's own.
   */
  serviceDeskTeamFor(supportDomain: AccountId, customerAccountId: string): Promise<number | null>;
}
