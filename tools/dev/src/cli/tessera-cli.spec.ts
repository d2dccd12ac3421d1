import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashToken } from '@tessera/domain';
import { findTokenState, seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { workspaceRoot } from '../paths.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command as a user runs it (npx tessera … runs this file), against DATABASE_URL. */
function tessera(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(workspaceRoot, 'tools/dev/bin/tessera.mjs'), ...args], { cwd: workspaceRoot, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const COMMAND_NAMES = ['migrate', 'seed', 'token create', 'db start', 'db stop', 'db status'];

describe('tessera: the administration command', () => {
  it('lists every command on --help, and each command explains itself on --help, exit 0', async () => {
    const listing = await tessera(['--help']);
    expect(listing.code).toBe(0);
    for (const name of COMMAND_NAMES) expect(listing.stdout).toContain(`  ${name} `);
    const helps = await Promise.all(COMMAND_NAMES.map((name) => tessera([...name.split(' '), '--help'])));
    helps.forEach((help, i) => {
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: tessera ${COMMAND_NAMES[i]}`));
    });
  });

  it('refuses an unknown command, an unknown option and an extra argument with exit 1 and the usage', async () => {
    const unknown = await tessera(['acount', 'create']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain("unknown command 'acount create'");
    const option = await tessera(['migrate', '--force']);
    expect(option.code).toBe(1);
    expect(option.stderr).toContain("Unknown option '--force'.");
    expect(option.stderr).toContain('Usage: tessera migrate');
    const extra = await tessera(['migrate', 'now']);
    expect(extra.code).toBe(1);
    expect(extra.stderr).toContain("unexpected argument 'now'");
  });

  describe('against DATABASE_URL', () => {
    let test: TestDatabase;
    let demo: DemoSeedResult;
    const tokenCount = async () => Number((await test.db('personal_access_tokens').count({ n: '*' }).first())!.n);

    beforeAll(async () => {
      test = await createTestDatabase();
      demo = await seedDemoData(test.db);
    });
    afterAll(() => test.drop());

    it('migrate applies every migration to an empty database, then says the schema is up to date', async () => {
      const empty = await createTestDatabase({ migrated: false });
      try {
        const first = await tessera(['migrate'], { DATABASE_URL: empty.url });
        expect(first.code).toBe(0);
        expect(first.stdout).toMatch(/^applied 20261122000001_identity, .*_delivery_attempt_accounts/);
        expect(Number((await empty.db('knex_migrations').count({ n: '*' }).first())!.n)).toBeGreaterThan(15);
        const again = await tessera(['migrate'], { DATABASE_URL: empty.url });
        expect(again).toMatchObject({ code: 0, stdout: 'the schema is up to date\n' });
      } finally {
        await empty.drop();
      }
    });

    it('token create prints a token of the person found by e-mail in any case, with the scopes and expiry asked for, stored as its digest only', async () => {
      const before = await tokenCount();
      const run = await tessera(['token', 'create', '--person', demo.admin.email.toUpperCase(), '--scopes', 'request:Read, me:*', '--expires-in', '30d', '--name', 'CI'], { DATABASE_URL: test.url });
      expect(run.code).toBe(0);
      const token = run.stdout.trim();
      expect(token).toMatch(/^tsr_pat_/);
      expect(run.stderr).toContain("('CI') for Alice Admin <admin@widget.example>; it is shown once");
      const state = await findTokenState(test.db, hashToken(token));
      const admin = await test.db('people').where({ primary_email: demo.admin.email }).first('id');
      expect(state).toMatchObject({ personId: admin.id, revokedAt: null });
      const row = await test.db('personal_access_tokens').where({ token_hash: hashToken(token) }).first('scopes', 'expires_at', 'name');
      expect(row).toMatchObject({ scopes: ['request:Read', 'me:*'], name: 'CI' });
      const days = (row.expires_at.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(30);
      expect(days).toBeLessThanOrEqual(31);
      expect(await test.db('personal_access_tokens').where({ token_hash: token })).toHaveLength(0);
      expect(await tokenCount()).toBe(before + 1);
    });

    it('token create by id defaults to every scope the roles allow and to 90 days; never makes one that does not expire', async () => {
      const admin = await test.db('people').where({ primary_email: demo.admin.email }).first('id');
      const byId = await tessera(['token', 'create', '--person', String(admin.id)], { DATABASE_URL: test.url });
      expect(byId.code).toBe(0);
      const row = await test.db('personal_access_tokens').where({ token_hash: hashToken(byId.stdout.trim()) }).first('scopes', 'expires_at');
      expect(row.scopes).toEqual(['*:*']);
      const days = (row.expires_at.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(90);
      expect(days).toBeLessThanOrEqual(91);
      const never = await tessera(['token', 'create', '--person', String(admin.id), '--expires-in', 'never'], { DATABASE_URL: test.url });
      expect((await test.db('personal_access_tokens').where({ token_hash: hashToken(never.stdout.trim()) }).first('expires_at')).expires_at).toBeNull();
    });

    it.each([
      [['--person', 'nobody@widget.example'], 'No enabled person has the primary e-mail nobody@widget.example'],
      [['--person', '2147483647'], 'No enabled person has the id 2147483647'],
      [['--person', 'admin@widget.example', '--scopes', 'zzz:Read'], "scopes: zzz:Read: 'zzz' is not a known record type"],
      [['--person', 'admin@widget.example', '--expires-in', '0d'], '--expires-in takes a number of days'],
      [['--person', 'admin@widget.example', '--expires-in', 'soon'], '--expires-in takes a number of days'],
      [['--person', 'admin@widget.example', '--name', 'x'.repeat(129)], 'name: Name is longer than 128 characters'],
      [[], '--person is required'],
      [['--person'], "Option '--person <value>' argument missing"],
    ])('token create %j is refused with a clear message, exit 1 and no token written', async (args, message) => {
      const before = await tokenCount();
      const run = await tessera(['token', 'create', ...args], { DATABASE_URL: test.url });
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain(message);
      expect(await tokenCount()).toBe(before);
    });

    it('seed --demo loads the demo data and writes the credentials file; seed without --demo writes nothing', async () => {
      const file = path.join(tmpdir(), `tessera-cli-${randomBytes(4).toString('hex')}.json`);
      const target = await createTestDatabase();
      try {
        const refused = await tessera(['seed'], { DATABASE_URL: target.url, DEMO_CREDENTIALS_FILE: file });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('--demo');
        expect(Number((await target.db('accounts').count({ n: '*' }).first())!.n)).toBe(0);
        const seeded = await tessera(['seed', '--demo'], { DATABASE_URL: target.url, DEMO_CREDENTIALS_FILE: file });
        expect(seeded).toMatchObject({ code: 0, stdout: `${file}\n` });
        const credentials = JSON.parse(await readFile(file, 'utf8'));
        expect(credentials.account).toBe('wdc');
        expect(await findTokenState(target.db, hashToken(credentials.admin.token))).toMatchObject({ revokedAt: null });
      } finally {
        await target.drop();
        await rm(file, { force: true });
      }
    });
  });
});
