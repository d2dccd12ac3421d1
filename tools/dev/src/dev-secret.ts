/**
 * The secrets of `npm start`, each 32 random bytes made once into a file under
 * .data (git-ignored, like the database they protect), so the dev stack does
 * not run on the apps' public development keys and keeps them across restarts:
 * - SECRET_SEALING_KEY opens the keys of the webhook policies it made (decision 015);
 * - COOKIE_KEYS signs the auth app's session cookies, so sign-ins survive a restart (decision 019).
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from './paths.js';

export const DEV_SEALING_KEY_FILE = path.join(dataDir, 'secret-sealing-key');
export const DEV_COOKIE_KEY_FILE = path.join(dataDir, 'cookie-key');

export async function ensureDevSecret(file: string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing !== '') return existing;
  } catch {
    // Not made yet: make it below.
  }
  const key = randomBytes(32).toString('base64');
  await mkdir(path.dirname(file), { recursive: true });
  // Written whole under another name, then linked into place: a launcher starting at the same
  // time either links first or finds the complete file of the one that did, never half of it.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${key}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return (await readFile(file, 'utf8')).trim();
}
