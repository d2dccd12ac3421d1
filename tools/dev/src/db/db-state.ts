/**
 * What `npm run db -- start` records under TESSERA_DATA_DIR (db.json): the pid of the process
 * that holds the embedded PostgreSQL, its port and the DATABASE_URL to use.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../paths.js';

export interface DbState {
  pid: number;
  port: number;
  url: string;
  dataDir: string;
  startedAt: string;
}

export const DB_STATE_FILE = path.join(dataDir, 'db.json');
export const DB_LOG_FILE = path.join(dataDir, 'db.log');

export async function readDbState(): Promise<DbState | null> {
  try {
    return JSON.parse(await readFile(DB_STATE_FILE, 'utf8')) as DbState;
  } catch {
    return null;
  }
}

/** Written whole under another name, then renamed: a reader never sees half of it. */
export async function writeDbState(state: DbState): Promise<void> {
  const draft = `${DB_STATE_FILE}.${process.pid}`;
  await writeFile(draft, `${JSON.stringify(state, null, 2)}\n`);
  await rename(draft, DB_STATE_FILE);
}

export async function removeDbState(): Promise<void> {
  await rm(DB_STATE_FILE, { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
