import { RECORDS, referenceTarget } from '@tessera/domain';
import type { Database } from '../database.js';

/**
 * A row of the account in the table of `node` with only what its definition requires: each
 * required text `Needed <field>`, each required reference a record made the same way (an SLA's
 * service offering needs its service). Records off the engine (teams) need their name only. Names
 * are numbered: most are unique in their account.
 */
let made = 0;

export async function insertNeededRecord(db: Database, account: string, node: string): Promise<number> {
  const def = RECORDS.find((record) => record.node === node);
  const n = ++made;
  const row: Record<string, unknown> = { account_id: account, name: `Needed ${node} ${n}` };
  for (const [name, field] of Object.entries(def?.fields.fields ?? {})) {
    if (!field.required || !field.write) continue;
    if (field.type === 'reference') row[field.column ?? name] = await insertNeededRecord(db, account, field.target);
    else if (field.type === 'text') row[field.column ?? name] = `Needed ${name} ${n}`;
  }
  const [{ id }] = await db(referenceTarget(node).table).insert(row).returning('id');
  return id as number;
}
