/** `tessera …` (bin/tessera.mjs): runs one command, prints what it answers, exits with its code. */
import { isDatabaseUnreachable } from '@tessera/persistence';
import { COMMANDS } from './commands.js';
import { runCli } from './run-cli.js';
import { forTerminal } from './terminal-text.js';

let code = 1;
try {
  const outcome = await runCli(process.argv.slice(2), COMMANDS);
  if (outcome.stderr) process.stderr.write(`${forTerminal(outcome.stderr)}\n`);
  if (outcome.stdout) process.stdout.write(`${forTerminal(outcome.stdout)}\n`);
  code = outcome.code;
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  // Knex words a database that never answers as a full pool; say what it is, nothing was written.
  const reason = isDatabaseUnreachable(error) ? `the database does not answer (${process.env['DATABASE_URL'] ? 'DATABASE_URL' : 'the embedded PostgreSQL'}): ${message}; nothing was written` : message;
  process.stderr.write(`tessera: ${forTerminal(reason)}\n`);
}
// Explicitly: the embedded PostgreSQL's exit hook ends the process with code 0 otherwise.
process.exit(code);
