import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccountId } from '../tenancy/account-id.js';
import type {
  NewUiExtensionVersion, UiExtensionFields, UiExtensionRecord, UiExtensionVersionChanges, UiExtensionVersionRecord,
} from './ui-extension-record.js';
import type { NameTaken } from '../integrations/integration.repository.js';

/** One audit line of a version, with the person who made the change. */
export interface VersionAuditLine {
  id: number;
  action: string;
  changes: Record<string, unknown>;
  person: { id: number; name: string } | null;
  source: string | null;
  created_at: Date;
}

/** UI extensions of one account, each read with its active and its being_prepared version. */
export interface UiExtensionRepository {
  find(account: AccountId, id: number): Promise<UiExtensionRecord | null>;
  /** Row-locked until the transaction ends: changes of one extension and its versions happen one after the other. */
  findForUpdate(account: AccountId, id: number): Promise<UiExtensionRecord | null>;
  list(account: AccountId, query: CollectionQuery): Promise<Page<UiExtensionRecord>>;
  /** 'name-taken' when the account already has an extension with that name. */
  insert(account: AccountId, fields: UiExtensionFields): Promise<{ id: number } | NameTaken>;
  /** Sets the given columns and updated_at (also for none: a version of the extension changed). */
  update(account: AccountId, id: number, changes: Partial<UiExtensionFields>): Promise<{ id: number } | NameTaken>;
  lastVersionNr(account: AccountId, extensionId: number): Promise<number>;
  insertVersion(account: AccountId, extensionId: number, version: NewUiExtensionVersion): Promise<UiExtensionVersionRecord>;
  updateVersion(account: AccountId, versionId: number, changes: UiExtensionVersionChanges): Promise<void>;
  /** The version of this account's extension, or null. */
  findVersion(account: AccountId, extensionId: number, versionId: number): Promise<UiExtensionVersionRecord | null>;
  versionAuditLines(account: AccountId, versionId: number): Promise<VersionAuditLine[]>;
}
