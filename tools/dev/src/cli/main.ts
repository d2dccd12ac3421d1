/** `tessera …` (bin/tessera.mjs): runs one command, prints what it answers, exits with its code. */
import { COMMANDS } from './commands.js';
import { runCli } from './run-cli.js';

let code = 1;
try {
  const outcome = await runCli(process.argv.slice(2), COMMANDS);
  if (outcome.stderr) process.stderr.write(`${outcome.stderr}\n`);
  if (outcome.stdout) process.stdout.write(`${outcome.stdout}\n`);
  code = outcome.code;
} catch (error) {
  process.stderr.write(`tessera: ${error instanceof Error ? error.message : String(error)}\n`);
}
// Explicitly: the embedded PostgreSQL's exit hook ends the process with code 0 otherwise.
process.exit(code);
