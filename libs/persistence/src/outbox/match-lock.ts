/**
 * The unit of work's advisory lock, and the ids a use case draws with it
 * (domain Transaction.lock). The ids are drawn only once the lock is held:
 * the sequences are read in a join with the lock's row, so a transaction that
 * waited for the lock draws ids above those of the one it waited for, and
 * rows written under one key stay in id order.
 */
import type { IdReservation, ReservedIds } from '@tessera/domain';
import { queryOnConnection } from '../connection-query.js';
import type { Database } from '../database.js';

const SEQUENCES: Record<keyof IdReservation, string> = { notes: 'notes_id_seq', auditLines: 'audit_lines_id_seq' };

const drawn = (kind: keyof IdReservation, parameter: number) => `array(select nextval('${SEQUENCES[kind]}')::int from l, generate_series(1, $${parameter}::int))`;
const LOCK = { name: 'tessera_match_lock', text: 'select pg_advisory_xact_lock(hashtextextended($1, 0))' };
const LOCK_AND_RESERVE = {
  name: 'tessera_match_lock_reserve',
  text: `with l as materialized (select pg_advisory_xact_lock(hashtextextended($1, 0)))
         select ${drawn('notes', 2)} as notes, ${drawn('auditLines', 3)} as audit_lines`,
};

export async function lockAndReserve(db: Database, key: string, reserve: IdReservation = {}): Promise<ReservedIds> {
  const notes = reserve.notes ?? 0;
  const auditLines = reserve.auditLines ?? 0;
  if (notes === 0 && auditLines === 0) {
    await queryOnConnection(db, { ...LOCK, values: [key] });
    return { notes: [], auditLines: [] };
  }
  const { rows } = await queryOnConnection<{ notes: number[]; audit_lines: number[] }>(db, { ...LOCK_AND_RESERVE, values: [key, notes, auditLines] });
  const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return { notes: ascending(rows[0]!.notes), auditLines: ascending(rows[0]!.audit_lines) };
}
