import type { AccountId } from '../../tenancy/account-id.js';
import type {
  AttachmentContent, AttachmentField, AttachmentRecord, LinkedAttachment, NewAttachment,
} from './attachment-record.js';

/** Uploaded files of one account, and the record fields that use them. */
export interface AttachmentRepository {
  insert(account: AccountId, attachment: NewAttachment): Promise<AttachmentRecord>;
  /** The attachment with its bytes; null when this account has none with that key. */
  findContent(account: AccountId, key: string): Promise<AttachmentContent | null>;
  /** The account's attachments among these keys (unknown keys are left out). */
  findByKeys(account: AccountId, keys: readonly string[]): Promise<AttachmentRecord[]>;
  /** The attachments a record's field uses, in upload order. */
  linked(account: AccountId, field: AttachmentField): Promise<LinkedAttachment[]>;
  /** Makes the field use exactly these attachments. */
  replaceLinks(account: AccountId, field: AttachmentField, links: ReadonlyArray<{ attachmentId: number; inline: boolean }>): Promise<void>;
  /** Forgets every link of a record (it is deleted); the files stay. */
  unlinkRecord(account: AccountId, record: { type: string; id: number }): Promise<void>;
}
