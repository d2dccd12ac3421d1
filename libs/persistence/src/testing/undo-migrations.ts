/**
 * A spec of one migration undoes it and, latest first, every migration after it: a later one
 * may depend on what it made (migrations 26 and 27 index names with migration 23's
 * `name_as_read`), so undoing it alone would fail. `migrate.latest` applies them again.
 */
import type { Database } from '../database.js';
import { migrationSource } from '../migrations/index.js';

const config = { migrationSource, tableName: 'knex_migrations' };

export async function undoMigrationsFrom(db: Database, name: string): Promise<void> {
  for (;;) {
    const [completed] = (await db.migrate.list(config)) as [Array<{ name: string } | string>, unknown];
    if (!completed.map((entry) => (typeof entry === 'string' ? entry : entry.name)).includes(name)) return;
    await db.migrate.down(config);
  }
}
