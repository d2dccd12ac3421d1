/**
 * Links a record keeps in another record's list (define-record.ts RecordLink `owner: 'other'`;
 * docs/decisions/035, 048: a person's `team_ids` are the teams' `member_ids`). A write of the
 * record's list changes the lists of the other records of the account of the call only (a
 * person of the directory account keeps the teams of other accounts), each through the other
 * record's own change (record-use-cases.ts saveRecordChange, which `createRecord` and
 * `updateRecord` pass in: they call this module): its list, one audit line
 * `<field>: [before, after]` and `<noun>.update`, in the caller's transaction. The record itself
 * fires nothing for it. Other records are locked in id order, as every write of their lists
 * locks them: two writes never wait on each other in a cycle.
 */
import type { AccessContext } from '../identity/access-context.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { RecordDefinition } from './define-record.js';
import { recordOfNode } from './registry.js';
import type { SavedChange } from './record-store.repository.js';

type Tx = Pick<Transaction, 'records' | 'auditLines' | 'jobs' | 'now'>;

/** Saves the other record's change: record-use-cases.ts saveRecordChange, passed in by its callers. */
export type SaveChange = (def: RecordDefinition, tx: Tx, change: SavedChange) => Promise<unknown>;

const byId = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** The other record's definition and the field of its list that holds this record's link. */
export function otherSide(def: RecordDefinition, field: string): { other: RecordDefinition; field: string } {
  const link = def.links[field]!;
  const target = (def.fields.fields[field] as { target?: string }).target;
  const other = target === undefined ? undefined : recordOfNode(target);
  const mirror = other && Object.entries(other.links).find(([, l]) => l.table === link.table && l.self === link.other && l.other === link.self);
  if (!other || !mirror) throw new Error(`${def.what} ${field}: no ${target} list keeps it`);
  return { other, field: mirror[0] };
}

/** The ids the record's list holds among the other records of the account, in id order. */
export async function ownedLinkIds(def: RecordDefinition, tx: Pick<Transaction, 'records'>, account: string, field: string, id: number): Promise<number[]> {
  const all = await tx.records.linkIds(def, field, id);
  const elsewhere = new Set(await tx.records.missingIds(otherSide(def, field).other.table, [account], all));
  return byId(all.filter((otherId) => !elsewhere.has(otherId)));
}

/** Makes the record's list, among the other records of the account of the call, `wanted`: each other record changed fires its `.update`. */
export async function changeOwnedLinks(def: RecordDefinition, tx: Tx, access: AccessContext, field: string, id: number, wanted: readonly number[], save: SaveChange): Promise<void> {
  const { other, field: list } = otherSide(def, field);
  const account = access.account.id;
  const current = await ownedLinkIds(def, tx, account, field, id);
  const changed = byId([...current, ...wanted]).filter((otherId) => current.includes(otherId) !== wanted.includes(otherId));
  for (const otherId of changed) {
    const row = await tx.records.findForUpdate(other, account, otherId);
    if (!row) continue;
    const before = await tx.records.linkIds(other, list, otherId);
    const after = wanted.includes(otherId) ? byId([...before, id]) : before.filter((linked) => linked !== id);
    if (after.join() === before.join()) continue;
    await save(other, tx, {
      account, id: otherId, before: row, changed: {}, links: { [list]: after }, audit: { [list]: [before, after] },
      actor: { id: access.person.id, name: access.person.name }, source: null, jobs: [],
    });
  }
}
