import type { AuditLineRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';

/** Audit lines of any record type; written by the outbox (libs/domain outbox/record-change.ts) only. */
export function auditLineRepository(db: Database): AuditLineRepository {
  return {
    async insert(account, line) {
      const [row] = await prepared(db('audit_lines')
        .insert({
          account_id: account, record_type: line.recordType, record_id: line.recordId, person_id: line.personId,
          source: line.source, source_id: line.sourceId, action: line.action, changes: JSON.stringify(line.changes),
        })
        .returning('id'));
      return row.id;
    },
  };
}
