/**
 * Seeds the demo data and writes .data/demo-credentials.json in the shape of
 * ARCHITECTURE.md. Tokens and passwords already in the file are kept while they
 * still work, so a restart does not invalidate what a developer copied.
 */
import { createDatabase, seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { appAddresses } from './app-addresses.js';

export interface DemoCredentials {
  account: string;
  urls: { api: string; auth: string; graphql: string };
  admin: { email: string; password: string; token: string };
  agent: { email: string; password: string; token: string };
  oauth_client: { client_id: string; client_secret: string; redirect_uri: string };
  integration_id: number;
  ui_extension_id: number;
}

export async function seedAndWriteCredentials(databaseUrl: string, file: string): Promise<DemoCredentials> {
  const known = await readKnown(file);
  const db = createDatabase({ url: databaseUrl, poolMax: 2 });
  let seeded: DemoSeedResult;
  try {
    seeded = await seedDemoData(db, known ?? {});
  } finally {
    await db.destroy();
  }
  const url = (app: string) => appAddresses().find((a) => a.app === app)!.publicUrl;
  const credentials: DemoCredentials = {
    account: seeded.account,
    urls: { api: url('api'), auth: url('auth'), graphql: url('graphql') },
    admin: seeded.admin,
    agent: seeded.agent,
    oauth_client: seeded.oauth_client,
    integration_id: seeded.integration_id,
    ui_extension_id: seeded.ui_extension_id,
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

/**
 * `nx serve`: the demo seed only into a database without accounts, so serving one app never
 * writes demo records into data someone works with. Null when the seed did not run.
 */
export async function seedIfEmpty(databaseUrl: string, file: string): Promise<DemoCredentials | null> {
  const db = createDatabase({ url: databaseUrl, poolMax: 1 });
  let hasData: boolean;
  try {
    hasData = (await db('accounts').first('id')) !== undefined;
  } finally {
    await db.destroy();
  }
  return hasData ? null : seedAndWriteCredentials(databaseUrl, file);
}

async function readKnown(file: string): Promise<Partial<DemoSeedResult> | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<DemoCredentials>;
    return {
      ...(parsed.admin ? { admin: parsed.admin } : {}),
      ...(parsed.agent ? { agent: parsed.agent } : {}),
      ...(parsed.oauth_client ? { oauth_client: parsed.oauth_client } : {}),
    };
  } catch {
    return null;
  }
}
