import type { AccountRecord } from './account-access.js';

/** Accounts are the tenants themselves: found by the id a caller names, then checked by the rules of account-access.ts. */
export interface AccountRepository {
  find(id: string): Promise<AccountRecord | null>;
}
