/** `npm run db -- start|stop|status` (db-command.ts does the work). */
import { dbStart, dbStatus, dbStop, type DbOutcome } from './db-command.js';

const COMMANDS: Record<string, () => Promise<DbOutcome>> = { start: () => dbStart(), stop: () => dbStop(), status: () => dbStatus() };

async function main(command: string | undefined): Promise<void> {
  const run = command === undefined ? undefined : COMMANDS[command];
  if (!run) {
    process.stderr.write('usage: npm run db -- start|stop|status\n');
    process.exit(2);
  }
  const outcome = await run();
  (outcome.code === 0 || outcome.code === 3 ? process.stdout : process.stderr).write(`${outcome.message}\n`);
  process.exit(outcome.code);
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`db failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
