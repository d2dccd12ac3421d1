/**
 * What a write of a record brings to other records, and to itself as the service, in its
 * transaction (docs/decisions/051): a task's change assigns its successors and moves its
 * workflow's status, a workflow's moves its release's. A record's effects are per-record code
 * (lifecycles.ts lists them), given what changed and a way to change records as the service;
 * they run after the write's own row, links, audit line and events, so a derived change's events
 * follow the events of the change that caused it.
 */
import type { AccountId } from '../tenancy/account-id.js';
import type { RecordDefinition } from './define-record.js';
import type { RecordRow, RecordStore } from './record-store.repository.js';

/** A record's stored values with its id. */
export type StoredRecord = RecordRow & { id: number };

export interface RecordEffect {
  def: RecordDefinition;
  account: AccountId;
  id: number;
  /** The record's stored values after the write; null: it was deleted. */
  after: RecordRow | null;
  /** Its values before; null: it was created. */
  before: RecordRow | null;
  /** The fields the write set (a create: every stored one) and the link lists it changed. */
  changed: RecordRow;
  records: Pick<RecordStore, 'findForUpdate' | 'rowsWhere' | 'linkPairs' | 'linkIds'>;
  /** The transaction's clock (the job queue's). */
  now(): Promise<Date>;
  /**
   * Changes a record as the service: the values that differ, with their stamps, one audit line and
   * the record's events (`status-changed` beside `update`), and no effects of its own; the record's
   * values after it, or null when nothing changed (or it is gone).
   */
  change(def: RecordDefinition, id: number, values: RecordRow): Promise<RecordRow | null>;
}

export type RecordEffects = (effect: RecordEffect) => Promise<void>;
