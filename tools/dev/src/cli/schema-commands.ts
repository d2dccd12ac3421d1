/** `tessera migrate`, `tessera seed --demo` and `tessera db start|stop|status`: the database itself. */
import { migrateLatest } from '@tessera/persistence';
import { dbStart, dbStatus, dbStop } from '../db/db-command.js';
import { seedAndWriteCredentials } from '../demo-credentials.js';
import { DEFAULT_EMBEDDED, openDevDatabase } from '../dev-database.js';
import { credentialsPath } from '../paths.js';
import { withCliDatabase } from './cli-database.js';
import { done, refused, type Command } from './command.js';

const DATABASE_HELP = `The database: DATABASE_URL when set, else this checkout's embedded PostgreSQL (data in .data/pg),
started for the command and stopped after, or shared when npm start, nx serve or tessera db start runs it.`;

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'Run the database migrations that have not run yet',
  help: `Usage: tessera migrate

Runs every migration not yet applied, in order, and prints their names (or that the schema is up to
date). Run it once per release, before the apps start: they do not migrate by themselves.

${DATABASE_HELP}`,
  options: {},
  async run() {
    return withCliDatabase(
      async (db, where) => {
        const applied = await migrateLatest(db);
        return done(applied.length ? `applied ${applied.join(', ')}` : 'the schema is up to date', `(${where})`);
      },
      { migrate: false },
    );
  },
};

export const seedCommand: Command = {
  name: 'seed',
  summary: 'Load the demo data (--demo) and write its credentials file',
  help: `Usage: tessera seed --demo

Loads the demo accounts, people, teams, services and the rest into the database, and writes their
sign-ins and tokens to .data/demo-credentials.json (DEMO_CREDENTIALS_FILE moves it). Running it again
changes nothing but passwords and tokens that no longer work. Never run it against a real database.

${DATABASE_HELP}`,
  options: { demo: { type: 'boolean' } },
  async run({ values }) {
    if (values['demo'] !== true) return refused('tessera seed loads the demo data only: say so with --demo');
    const target = await openDevDatabase();
    try {
      await seedAndWriteCredentials(target.url, credentialsPath);
      return done(credentialsPath, `Seeded (${target.description}). Demo credentials:`);
    } finally {
      await target.stop();
    }
  },
};

const dbCommand = (action: 'start' | 'stop' | 'status', summary: string, help: string): Command => ({
  name: `db ${action}`,
  summary,
  help: `Usage: tessera db ${action}\n\n${help}\n\nThe port is EMBEDDED_PG_PORT (default ${DEFAULT_EMBEDDED.port}); the data, .data/pg (TESSERA_DATA_DIR moves it).`,
  options: {},
  async run() {
    const outcome = await (action === 'start' ? dbStart() : action === 'stop' ? dbStop() : dbStatus());
    return outcome.code === 0 || outcome.code === 3 ? { stdout: outcome.message, code: outcome.code } : { stderr: outcome.message, code: outcome.code };
  },
});

export const dbCommands: Command[] = [
  dbCommand('start', "Start this checkout's embedded PostgreSQL in the background", 'Starts the embedded PostgreSQL detached, creates and migrates the tessera database, and prints its DATABASE_URL.'),
  dbCommand('stop', 'Stop it cleanly (the data stays)', 'Stops the embedded PostgreSQL started by tessera db start; its data stays in .data/pg.'),
  dbCommand('status', 'Say whether it runs, and its DATABASE_URL', 'Prints whether the embedded PostgreSQL runs, its pid, port and DATABASE_URL; exit code 3 when it does not run.'),
];
