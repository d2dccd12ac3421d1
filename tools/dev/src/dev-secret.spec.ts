import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEVELOPMENT_SEALING_KEY, loadSealingKey } from '@tessera/domain';
import { ensureDevSecret } from './dev-secret.js';

describe('npm start — the SECRET_SEALING_KEY of the dev stack', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-sealing-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('makes a random key once, readable only by its owner, and keeps it across starts', async () => {
    const file = path.join(dir, '.data', 'secret-sealing-key');
    const first = await ensureDevSecret(file);
    expect(loadSealingKey(first, 'production').source).toBe('environment');
    expect(first).not.toBe(DEVELOPMENT_SEALING_KEY);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await ensureDevSecret(file)).toBe(first);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
  });

  it('gives two launchers starting at once the same key', async () => {
    const file = path.join(dir, 'secret-sealing-key');
    const [a, b] = await Promise.all([ensureDevSecret(file), ensureDevSecret(file)]);
    expect(a).toBe(b);
  });
});
