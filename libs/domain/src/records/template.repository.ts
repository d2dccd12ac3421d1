import type { TemplateRef } from './references.js';
import type { AccountId } from '../tenancy/account-id.js';

export interface TemplateRepository {
  /** With the references it would put on a request, each only when it is valid in the template's account. */
  find(account: AccountId, id: number): Promise<TemplateRef | null>;
}
