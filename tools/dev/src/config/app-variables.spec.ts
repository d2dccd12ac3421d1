import { APPS, type AppName } from '../app-addresses.js';
import { LAUNCHER_VARIABLES } from '../app-env.js';
import { configVariables, documentedVariables, type DocumentedVariable } from './app-variables.js';

describe('docs/running-apps.md: one table per app, the variables its configuration reads', () => {
  let tables: Record<AppName, DocumentedVariable[]>;
  const read = {} as Record<AppName, string[]>;

  beforeAll(async () => {
    tables = await documentedVariables();
    for (const app of APPS) read[app] = configVariables(app);
  });

  it.each(APPS)('%s: every variable its configuration reads is in its table, and every row is one it reads', (app) => {
    const documented = tables[app].map((row) => row.name);
    expect(new Set(documented).size).toBe(documented.length);
    const missing = read[app].filter((name) => !documented.includes(name));
    const notRead = documented.filter((name) => !read[app].includes(name));
    expect({ app, missing, notRead }).toEqual({ app, missing: [], notRead: [] });
  });

  it.each(APPS)('%s: the "`npm start` sets" column names exactly what tools/dev/src/app-env.ts passes it', (app) => {
    const launcherSets = new Set<string>(['PORT', ...LAUNCHER_VARIABLES]);
    const wrong = tables[app].filter((row) => row.setByNpmStart !== launcherSets.has(row.name)).map((row) => `${row.name} (${row.setByNpmStart ? 'says set' : 'says not set'})`);
    expect(wrong).toEqual([]);
  });

  it('reads what the loaders read beside their schemas too, so a check on the schemas alone would not do', () => {
    expect(read.api).toEqual(expect.arrayContaining(['SECRET_SEALING_KEY', 'NODE_ENV', 'DATABASE_URL', 'SCSS_COMPILE_QUEUE']));
    expect(read['webhook-worker']).toEqual(expect.arrayContaining(['API_PUBLIC_URL', 'WEBHOOK_ALLOWED_NETWORKS', 'WORKER_DEAD_AFTER_MS']));
    expect(read.graphql).not.toContain('SECRET_SEALING_KEY');
  });

  it('marks the secrets every app holds', () => {
    for (const app of APPS) {
      const secrets = tables[app].filter((row) => row.secret).map((row) => row.name);
      expect(secrets).toEqual(expect.arrayContaining(['DATABASE_URL', 'METRICS_TOKEN']));
    }
    expect(tables.auth.find((row) => row.name === 'COOKIE_KEYS')?.secret).toBe(true);
  });
});
