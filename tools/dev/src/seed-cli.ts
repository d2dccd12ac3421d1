/** `npm run seed`: database (embedded unless DATABASE_URL), migrations and the demo seed, then stops. */
import { seedAndWriteCredentials } from './demo-credentials.js';
import { openDevDatabase } from './dev-database.js';
import { credentialsPath } from './paths.js';

async function main(): Promise<void> {
  const database = await openDevDatabase();
  try {
    await seedAndWriteCredentials(database.url, credentialsPath);
    process.stdout.write(`Seeded (${database.description}). Demo credentials: ${credentialsPath}\n`);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
