import { recordOfNode, referenceTarget } from '@tessera/domain';
import type { Database } from '../database.js';

/**
 * A row of the account in the table of `node` with only what its definition requires: each
 * required text `Needed <field>` (or its declared example, numbered: a person's e-mail), each
 * required reference a record made the same way (an SLA's service offering needs its service).
 * Requests, off the engine, need a subject, category, status and people. Names are numbered:
 * most are unique in their account, an e-mail in every account.
 */
let made = 0;

/** The rows of records off the engine whose table needs more than a name. */
async function offEngineRow(db: Database, account: string, node: string, n: number): Promise<Record<string, unknown>> {
  if (node !== 'Request') return { account_id: account, name: `Needed ${node} ${n}` };
  const person = await insertNeededRecord(db, account, 'Person');
  return { account_id: account, subject: `Needed Request ${n}`, category: 'other', status: 'assigned', requested_by_id: person, requested_for_id: person, created_by_id: person };
}

export async function insertNeededRecord(db: Database, account: string, node: string): Promise<number> {
  const def = recordOfNode(node);
  const n = ++made;
  const row: Record<string, unknown> = def ? { account_id: account, ...('name' in def.fields.fields ? { name: `Needed ${node} ${n}` } : {}) } : await offEngineRow(db, account, node, n);
  for (const [name, field] of Object.entries(def?.fields.fields ?? {})) {
    if (!field.required || !field.write) continue;
    if (field.type === 'reference') row[field.column ?? name] = await insertNeededRecord(db, account, field.target);
    else if (field.type === 'text') row[field.column ?? name] = field.example === undefined ? `Needed ${name} ${n}` : `needed-${n}-${field.example}`;
    else if (field.type === 'enum') row[field.column ?? name] = field.values[0];
    else if (field.type === 'integer') row[field.column ?? name] = field.min ?? 1;
  }
  const [{ id }] = await db(referenceTarget(node).table).insert(row).returning('id');
  return id as number;
}
