/**
 * ARCHITECTURE.md "Data": every tenant table carries `account_id` and
 * repository methods require it. The brand makes that a compiler check: a
 * tenant method takes an `AccountId`, which only an account record (read from
 * storage or the access context) or a stored row carries, never a bare string
 * from a request.
 */
declare const accountIdBrand: unique symbol;

export type AccountId = string & { readonly [accountIdBrand]: true };

/**
 * For storage adapters turning their own rows into records, and for tests.
 * Request input never goes through this: it names an account, which is then
 * looked up (`AccountRepository.find`).
 */
export function trustedAccountId(stored: string): AccountId {
  return stored as AccountId;
}
