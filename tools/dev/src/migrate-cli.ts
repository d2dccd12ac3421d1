/** `tsx tools/dev/src/migrate-cli.ts`: runs the migrations against DATABASE_URL (used by the compose `migrate` service). */
import { createDatabase, migrateLatest } from '@tessera/persistence';

async function main(): Promise<void> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is required');
  const db = createDatabase({ url, poolMax: 1 });
  try {
    const applied = await migrateLatest(db);
    process.stdout.write(applied.length ? `applied ${applied.join(', ')}\n` : 'schema is up to date\n');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
