/**
 * The accounts themselves, for the administration that creates them (`tessera account create`).
 * Not a tenant repository: an account is what tenant rows belong to.
 */
export interface RegisteredAccount {
  id: string;
  name: string;
  /** The directory account whose people this support domain sees; null for a directory (or lone) account. */
  directoryAccountId: string | null;
}

export interface AccountRegistry {
  find(id: string): Promise<RegisteredAccount | null>;
  /** False when the id was taken meanwhile (nothing written). */
  insert(account: RegisteredAccount): Promise<boolean>;
}
