/**
 * The database a `tessera` command works on: DATABASE_URL's when set, else this checkout's
 * embedded PostgreSQL — shared when `npm start`, `nx serve` or `tessera db start` runs it,
 * else started for the command and stopped after. Either way it is migrated first.
 */
import { createDatabase, type Database } from '@tessera/persistence';
import { DEFAULT_EMBEDDED, openDevDatabase } from '../dev-database.js';

export async function withCliDatabase<T>(work: (db: Database, where: string) => Promise<T>, { migrate = true } = {}): Promise<T> {
  const target = await openDevDatabase(DEFAULT_EMBEDDED, { migrate });
  const db = createDatabase({ url: target.url, poolMax: 2, quiet: true });
  try {
    return await work(db, target.description);
  } finally {
    await db.destroy();
    await target.stop();
  }
}
