/**
 * Attachments of one account (the `attachments` table holds the bytes) and
 * the record fields that use them (`record_attachments`). A link is only
 * made to an attachment of the same account: the caller found it by key in
 * that account (AttachmentRepository.findByKeys).
 */
import { trustedAccountId, type AttachmentRecord, type AttachmentRepository } from '@tessera/domain';
import type { Database } from '../database.js';

const COLUMNS = ['a.id', 'a.account_id', 'a.key', 'a.filename', 'a.content_type', 'a.size', 'a.created_at'];

type Row = Omit<AttachmentRecord, 'account_id'> & { account_id: string };

const toRecord = <R extends Row>(row: R) => ({ ...row, account_id: trustedAccountId(row.account_id) });

export function attachmentRepository(db: Database): AttachmentRepository {
  return {
    async insert(account, attachment) {
      const { data, ...fields } = attachment;
      const [row] = await db('attachments')
        .insert({ account_id: account, ...fields, size: data.byteLength, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) })
        .returning(COLUMNS.map((column) => column.slice(2)));
      return toRecord(row as Row);
    },
    async findContent(account, key) {
      const row = (await db({ a: 'attachments' }).where({ 'a.account_id': account, 'a.key': key }).first([...COLUMNS, 'a.data'])) as (Row & { data: Buffer }) | undefined;
      return row ? toRecord(row) : null;
    },
    async findByKeys(account, keys) {
      const rows = (await db({ a: 'attachments' }).where('a.account_id', account).whereIn('a.key', [...keys]).select(COLUMNS)) as Row[];
      return rows.map(toRecord);
    },
    async linked(account, field) {
      const rows = (await db({ a: 'attachments' })
        .join({ l: 'record_attachments' }, 'l.attachment_id', 'a.id')
        .where({ 'l.account_id': account, 'l.record_type': field.recordType, 'l.record_id': field.recordId, 'l.field': field.field })
        .orderBy('a.id')
        .select([...COLUMNS, 'l.inline'])) as Array<Row & { inline: boolean }>;
      return rows.map(toRecord);
    },
    async replaceLinks(account, field, links) {
      const where = { account_id: account, record_type: field.recordType, record_id: field.recordId, field: field.field };
      await db('record_attachments').where(where).delete();
      if (links.length === 0) return;
      await db('record_attachments').insert(links.map((link) => ({ ...where, attachment_id: link.attachmentId, inline: link.inline })));
    },
    async unlinkRecord(account, record) {
      await db('record_attachments').where({ account_id: account, record_type: record.type, record_id: record.id }).delete();
    },
  };
}
