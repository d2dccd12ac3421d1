/**
 * Attachments (SPEC.md "Webhook" `description_attachments`, `attachments`):
 * files an administrator uploads once and a record's text field then uses,
 * linked per record and field. Fields as stored, snake_case.
 */
import type { AccountId } from '../../tenancy/account-id.js';

export interface AttachmentRecord {
  id: number;
  account_id: AccountId;
  /** The handle a client gets from the upload and passes in `*_attachments`. */
  key: string;
  filename: string;
  content_type: string;
  /** Bytes. */
  size: number;
  created_at: Date;
}

/** An attachment with its bytes, for the download. */
export interface AttachmentContent extends AttachmentRecord {
  data: Uint8Array;
}

export interface NewAttachment {
  key: string;
  filename: string;
  content_type: string;
  data: Uint8Array;
  created_by_id: number;
}

/** An attachment as a record's field uses it: `inline` when the text shows it in place. */
export interface LinkedAttachment extends AttachmentRecord {
  inline: boolean;
}

/** The text field of a record that uses attachments, e.g. a webhook's `description`. */
export interface AttachmentField {
  recordType: string;
  recordId: number;
  field: string;
}
