import type { Database } from '../database.js';

/**
 * Returns the id of the row matching `key`, inserting `key` + `values` when none
 * exists. Existing rows are left as they are, which makes the seed idempotent and
 * keeps whatever a developer changed by hand.
 */
export async function ensureRow(
  db: Database,
  table: string,
  key: Record<string, unknown>,
  values: Record<string, unknown> = {},
): Promise<number> {
  const existing = await db(table).where(key).first('id');
  if (existing) return existing.id;
  const [row] = await db(table).insert({ ...key, ...values }).returning('id');
  return row.id;
}
