import { RECORDS, referenceTarget } from '@tessera/domain';
import type { Database } from '../database.js';

/**
 * A row of the account in the table of `node` with only what its definition requires: each
 * required text `Needed <field>`, each required reference a record made the same way (an SLA's
 * service offering needs its service). Records off the engine (teams) need their name only. Names
 * are numbered: most are unique in their account. A request has its requester.
 */
let made = 0;

export async function insertNeededRecord(db: Database, account: string, node: string): Promise<number> {
  const def = RECORDS.find((record) => record.node === node);
  const n = ++made;
  if (node === 'Request') return insertNeededRequest(db, account, n);
  const row: Record<string, unknown> = { account_id: account, name: `Needed ${node} ${n}` };
  for (const [name, field] of Object.entries(def?.fields.fields ?? {})) {
    if (!field.required || !field.write) continue;
    if (field.type === 'reference') row[field.column ?? name] = await insertNeededRecord(db, account, field.target);
    else if (field.type === 'text') row[field.column ?? name] = `Needed ${name} ${n}`;
  }
  const [{ id }] = await db(referenceTarget(node).table).insert(row).returning('id');
  return id as number;
}

/** A request of the account, requested by a person made for it. */
async function insertNeededRequest(db: Database, account: string, n: number): Promise<number> {
  const [{ id: person }] = await db('people').insert({ account_id: account, name: `Needed requester ${n}`, primary_email: `needed.${n}@${account}.example` }).returning('id');
  const [{ id }] = await db('requests')
    .insert({ account_id: account, subject: `Needed request ${n}`, category: 'incident', status: 'assigned', requested_by_id: person, requested_for_id: person, created_by_id: person })
    .returning('id');
  return id as number;
}
