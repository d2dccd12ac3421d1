/**
 * `npm run db -- start|stop|status`: the checkout's embedded PostgreSQL on its own, for apps run
 * one by one (docs/running-apps.md). Each step answers what to print and the exit code, so that a
 * later `tessera db` command can reuse them as they are.
 */
import { spawn } from 'node:child_process';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_EMBEDDED, embeddedAdminUrl, embeddedUrl, runningDataDir, type EmbeddedLocation } from '../dev-database.js';
import { workspaceRoot } from '../paths.js';
import { DB_LOG_FILE, isAlive, readDbState, removeDbState } from './db-state.js';

export interface DbOutcome {
  /** What to print, one line or more. */
  message: string;
  /** 0 done or running; 1 failed; 3 (status) not running, as `systemctl status` and LSB scripts answer. */
  code: number;
}

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 30_000;

export async function dbStatus(embedded: EmbeddedLocation = DEFAULT_EMBEDDED): Promise<DbOutcome> {
  const state = await readDbState();
  const serving = (await runningDataDir(embeddedAdminUrl(embedded.port))) !== null;
  if (state && isAlive(state.pid) && serving) {
    return { message: `running (pid ${state.pid}, port ${state.port}, since ${state.startedAt})\nDATABASE_URL=${state.url}`, code: 0 };
  }
  if (serving) {
    return { message: `running on port ${embedded.port}, started by npm start or nx serve (they stop it when they stop)\nDATABASE_URL=${embeddedUrl(embedded.port)}`, code: 0 };
  }
  return { message: `not running (npm run db -- start starts it on port ${embedded.port})`, code: 3 };
}

export async function dbStart(embedded: EmbeddedLocation = DEFAULT_EMBEDDED): Promise<DbOutcome> {
  const status = await dbStatus(embedded);
  if (status.code === 0) return { message: `already ${status.message}`, code: 0 };
  await removeDbState();
  await mkdir(path.dirname(DB_LOG_FILE), { recursive: true });
  const log = await open(DB_LOG_FILE, 'a');
  const holder = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/db/db-holder.ts')], {
    cwd: workspaceRoot,
    detached: true,
    stdio: ['ignore', log.fd, log.fd],
    env: process.env,
  });
  holder.unref();
  await log.close();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const state = await readDbState();
    if (state && state.pid === holder.pid) {
      return { message: `started in the background (pid ${state.pid}, port ${state.port}, data in ${shown(state.dataDir)})\nDATABASE_URL=${state.url}`, code: 0 };
    }
    if (!isAlive(holder.pid!)) return { message: `could not start the embedded PostgreSQL:\n${await tail(DB_LOG_FILE)}`, code: 1 };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { message: `the embedded PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s; see ${DB_LOG_FILE}`, code: 1 };
}

export async function dbStop(embedded: EmbeddedLocation = DEFAULT_EMBEDDED): Promise<DbOutcome> {
  const state = await readDbState();
  if (!state || !isAlive(state.pid)) {
    await removeDbState();
    const status = await dbStatus(embedded);
    if (status.code === 0) return { message: `the embedded PostgreSQL on port ${embedded.port} was started by npm start or nx serve: stop that instead`, code: 1 };
    return { message: 'not running', code: 0 };
  }
  // The holder stops PostgreSQL cleanly (a fast shutdown: open sessions end, commits are on disk) and exits.
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(state.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(state.pid)) return { message: `pid ${state.pid} did not stop within ${STOP_TIMEOUT_MS / 1000} s; see ${DB_LOG_FILE}`, code: 1 };
  return { message: `stopped (pid ${state.pid}, port ${state.port})`, code: 0 };
}

function shown(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative === '' || relative.startsWith('..') ? dir : relative;
}

async function tail(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-10).join('\n');
}

