import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashToken, verifyPassword } from '@tessera/domain';
import { findTokenState, listQueuedJobs, seedDemoData, signInRepository, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { runTessera } from '../testing/run-tessera.js';

/** The command as a user runs it, against DATABASE_URL. */
const tessera = runTessera;

const COMMAND_NAMES = ['account create', 'person create', 'token create', 'migrate', 'seed', 'db start', 'db stop', 'db status'];
/** What must not reach an operator's terminal as is: C0 but newline, DEL, C1, and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A help's example line as the shell splits it: words, and '…' quoted ones. */
const shellWords = (line: string) => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);

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

  it('prints the command list on standard error and exits 1 when no command is given (issue 30 item 20)', async () => {
    const none = await tessera([]);
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(none.stderr).toContain('Usage: tessera <command> [options]');
    for (const name of COMMAND_NAMES) expect(none.stderr).toContain(`  ${name} `);
  });

  it('prints what it echoes of the command line with its control characters escaped (issue 30 item 11)', async () => {
    const run = await tessera(['\u001b]0;owned\u0007\u001b[2J']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("unknown command '\\u001b]0;owned\\u0007\\u001b[2J'");
    expect(run.stderr).not.toMatch(CONTROL);
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

  it('says the database does not answer, exit 1, when DATABASE_URL refuses connections', async () => {
    const run = await tessera(['token', 'create', '--person', '1'], { DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/nothing' });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain('tessera: the database does not answer (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1; nothing was written');
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
      const run = await tessera(['token', 'create', '--person', demo.admin.email.toUpperCase(), '--scopes', 'request:Read; me:*', '--expires-in', '30d', '--name', 'CI'], { DATABASE_URL: test.url });
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

    it('token create takes scopes separated by semicolons: deny and conditional scopes, each as written (issue 30 item 11)', async () => {
      const run = await tessera(
        ['token', 'create', '--person', demo.admin.email, '--scopes', ' deny webhook:Delete;allow request:Read, request:Update if account = wdc and role in administrator, agent ; *:* '],
        { DATABASE_URL: test.url },
      );
      expect(run.code).toBe(0);
      const row = await test.db('personal_access_tokens').where({ token_hash: hashToken(run.stdout.trim()) }).first('scopes');
      expect(row.scopes).toEqual(['deny webhook:Delete', 'allow request:Read, request:Update if account = wdc and role in administrator, agent', '*:*']);
    });

    it('prints stored names with their terminal control sequences escaped (issue 30 item 11)', async () => {
      const name = 'Mallory \u001b]0;owned\u0007\u001b[2J\u009b31m\r\u202eEvil';
      const created = await tessera(['person', 'create', '--account', demo.account, '--name', name, '--email', 'mallory@widget.example'], { DATABASE_URL: test.url });
      expect(created.code).toBe(0);
      const token = await tessera(['token', 'create', '--person', created.stdout.trim(), '--name', 'CI \u001b[31mred'], { DATABASE_URL: test.url });
      expect(token.code).toBe(0);
      expect(token.stderr).not.toMatch(CONTROL);
      expect(token.stderr).toContain("('CI \\u001b[31mred') for Mallory \\u001b]0;owned\\u0007\\u001b[2J\\u009b31m\\r\\u202eEvil <mallory@widget.example>");
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
      [['--person', '9999999999'], 'No enabled person has the id 9999999999'],
      [['--person', '0'], 'No enabled person has the id 0'],
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
      expect(run.stderr).not.toMatch(/select|password_hash/i);
      expect(await tokenCount()).toBe(before);
    });

    const count = async (table: string) => Number((await test.db(table).count({ n: '*' }).first())!.n);

    it('account create makes a directory account and a support domain of it; again is refused, or fine with --if-missing', async () => {
      const directory = await tessera(['account', 'create', 'acme', '--name', ' Acme Group '], { DATABASE_URL: test.url });
      expect(directory).toMatchObject({ code: 0, stdout: 'acme\n' });
      const domain = await tessera(['account', 'create', 'acme-it', '--name', 'Acme IT', '--directory', 'acme'], { DATABASE_URL: test.url });
      expect(domain.code).toBe(0);
      expect(domain.stderr).toContain('a support domain of acme');
      expect(await test.db('accounts').whereIn('id', ['acme', 'acme-it']).orderBy('id').select('id', 'name', 'directory_account_id')).toEqual([
        { id: 'acme', name: 'Acme Group', directory_account_id: null },
        { id: 'acme-it', name: 'Acme IT', directory_account_id: 'acme' },
      ]);
      const again = await tessera(['account', 'create', 'acme-it', '--name', 'Other'], { DATABASE_URL: test.url });
      expect(again).toMatchObject({ code: 1, stdout: '' });
      expect(again.stderr).toContain('id: Id has already been taken: account acme-it exists');
      const missing = await tessera(['account', 'create', 'acme-it', '--name', 'Other', '--if-missing'], { DATABASE_URL: test.url });
      expect(missing).toMatchObject({ code: 0, stdout: 'acme-it\n' });
      expect((await test.db('accounts').where({ id: 'acme-it' }).first('name')).name).toBe('Acme IT');
    });

    it('account create refuses a bad id, a blank name and a directory that is missing or a support domain, all at once, writing nothing', async () => {
      const before = await count('accounts');
      const run = await tessera(['account', 'create', 'Bad_Id', '--name', '  ', '--directory', 'nope'], { DATABASE_URL: test.url });
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr.trim().split('\n')).toEqual([
        'id: Id must be 2 to 63 characters: a lowercase letter, then lowercase letters, digits and dashes',
        "name: Name can't be blank",
        'directory: No account has the id nope',
      ]);
      const nested = await tessera(['account', 'create', 'deeper', '--name', 'x', '--directory', demo.account], { DATABASE_URL: test.url });
      expect(nested.stderr).toContain(`directory: Account ${demo.account} is a support domain of widget, not a directory account`);
      expect(await tessera(['account', 'create', '--name', 'x'], { DATABASE_URL: test.url })).toMatchObject({ code: 1 });
      expect(await count('accounts')).toBe(before);
    });

    it('person create makes an administrator who signs in with the password read from standard input, and publishes person.create', async () => {
      await tessera(['account', 'create', 'beta', '--name', 'Beta', '--if-missing'], { DATABASE_URL: test.url });
      const run = await tessera(
        ['person', 'create', '--account', 'beta', '--name', 'Ada Admin', '--email', 'ada@beta.example', '--admin', '--agent', '--locale', 'nl-NL', '--time-zone', 'Europe/Amsterdam', '--password-prompt'],
        { DATABASE_URL: test.url },
        'a long enough password\n',
      );
      expect(run.code).toBe(0);
      const id = Number(run.stdout.trim());
      const person = await test.db('people').where({ id }).first('account_id', 'name', 'primary_email', 'locale', 'time_zone', 'password_hash');
      expect(person).toMatchObject({ account_id: 'beta', name: 'Ada Admin', primary_email: 'ada@beta.example', locale: 'nl-NL', time_zone: 'Europe/Amsterdam' });
      const signIn = await signInRepository(test.db).findByEmail('ADA@beta.example');
      expect(signIn?.id).toBe(id);
      expect(await verifyPassword('a long enough password', signIn!.passwordHash!)).toBe(true);
      expect((await test.db('person_roles').where({ person_id: id }).orderBy('role').select('account_id', 'role'))).toEqual([
        { account_id: 'beta', role: 'administrator' },
        { account_id: 'beta', role: 'agent' },
      ]);
      const events = (await listQueuedJobs(test.db, 'webhook-event')).map((job) => job.payload).filter((payload) => payload['event'] === 'person.create' && payload['account_id'] === 'beta');
      expect(events).toEqual([expect.objectContaining({ account_id: 'beta', object_id: id, payload: expect.objectContaining({ source: 'tessera' }) })]);
      expect(await test.db('audit_lines').where({ record_type: 'Person', record_id: id, action: 'create' })).toHaveLength(1);

      const token = await tessera(['token', 'create', '--person', String(id)], { DATABASE_URL: test.url });
      expect(token.code).toBe(0);
      expect(await findTokenState(test.db, hashToken(token.stdout.trim()))).toMatchObject({ personId: id });
    });

    it('person create refuses every problem at once and a taken e-mail in any case, writing nothing; --if-missing prints the id there', async () => {
      const before = await Promise.all(['people', 'person_roles', 'audit_lines'].map(count));
      const bad = await tessera(['person', 'create', '--account', 'nope', '--name', '', '--email', 'not an email', '--locale', 'xx_YY'], { DATABASE_URL: test.url });
      expect(bad).toMatchObject({ code: 1, stdout: '' });
      expect(bad.stderr.trim().split('\n')).toEqual([
        "name: Name can't be blank",
        "email: Primary email 'not an email' is not an e-mail address",
        "locale: Locale 'xx_YY' is not a language tag such as en-US",
        'account: No account has the id nope',
      ]);
      const short = await tessera(['person', 'create', '--account', demo.account, '--name', 'B', '--email', 'b@widget.example', '--password-prompt'], { DATABASE_URL: test.url }, 'short\n');
      expect(short.stderr).toContain('password: Password must be 10 to 1024 characters');
      const taken = await tessera(['person', 'create', '--account', demo.account, '--name', 'Alice', '--email', demo.admin.email.toUpperCase()], { DATABASE_URL: test.url });
      expect(taken).toMatchObject({ code: 1, stdout: '' });
      expect(taken.stderr).toContain(`email: Primary email has already been taken: ${demo.admin.email.toUpperCase()}`);
      expect(await Promise.all(['people', 'person_roles', 'audit_lines'].map(count))).toEqual(before);
      const admin = await test.db('people').where({ primary_email: demo.admin.email }).first('id');
      const missing = await tessera(['person', 'create', '--account', demo.account, '--name', 'Alice', '--email', demo.admin.email, '--if-missing'], { DATABASE_URL: test.url });
      expect(missing).toMatchObject({ code: 0, stdout: `${admin.id}\n` });
    });

    it('person create --if-missing matches only in the named account: an e-mail of another account is refused, exit 1, nothing written (issue 30 item 6)', async () => {
      await tessera(['account', 'create', 'other-co', '--name', 'Other Co', '--if-missing'], { DATABASE_URL: test.url });
      const admin = await test.db('people').where({ primary_email: demo.admin.email }).first('id');
      const before = await Promise.all(['people', 'person_roles', 'audit_lines', 'personal_access_tokens'].map(count));
      const run = await tessera(['person', 'create', '--account', 'other-co', '--name', 'Admin', '--email', demo.admin.email.toUpperCase(), '--admin', '--if-missing'], { DATABASE_URL: test.url });
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr.trim()).toBe(`email: ${demo.admin.email.toUpperCase()} is the primary e-mail of a person of another account, not of other-co; nothing was written`);
      expect(run.stderr).not.toContain(String(admin.id));
      expect(await Promise.all(['people', 'person_roles', 'audit_lines', 'personal_access_tokens'].map(count))).toEqual(before);
    });

    it('account create --if-missing is refused when the account there is not the one asked for: another directory, or none (issue 30 item 6)', async () => {
      await tessera(['account', 'create', 'dir-a', '--name', 'A', '--if-missing'], { DATABASE_URL: test.url });
      await tessera(['account', 'create', 'dir-b', '--name', 'B', '--if-missing'], { DATABASE_URL: test.url });
      expect((await tessera(['account', 'create', 'dom-a', '--name', 'Dom', '--directory', 'dir-a'], { DATABASE_URL: test.url })).code).toBe(0);
      const other = await tessera(['account', 'create', 'dom-a', '--name', 'Dom', '--directory', 'dir-b', '--if-missing'], { DATABASE_URL: test.url });
      expect(other).toMatchObject({ code: 1, stdout: '' });
      expect(other.stderr.trim()).toBe('directory: Account dom-a exists already, as a support domain of dir-a, not of dir-b; nothing was written');
      const none = await tessera(['account', 'create', 'dir-a', '--name', 'A', '--directory', 'dir-b', '--if-missing'], { DATABASE_URL: test.url });
      expect(none).toMatchObject({ code: 1, stdout: '' });
      expect(none.stderr.trim()).toBe('directory: Account dir-a exists already, as a directory account, not as a support domain of dir-b; nothing was written');
      expect(await tessera(['account', 'create', 'dom-a', '--name', 'Dom', '--directory', 'dir-a', '--if-missing'], { DATABASE_URL: test.url })).toMatchObject({ code: 0, stdout: 'dom-a\n' });
      expect(await test.db('accounts').where({ id: 'dom-a' }).first('directory_account_id')).toEqual({ directory_account_id: 'dir-a' });
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

  it('runs the examples of every command help as written, in order, on a fresh database (issue 30 item 11)', async () => {
    const target = await createTestDatabase();
    try {
      const helps = await Promise.all(['account create', 'person create', 'token create'].map((name) => tessera([...name.split(' '), '--help'])));
      const examples = helps.flatMap((help) => help.stdout.split('\n').filter((line) => line.startsWith('  tessera ')).map((line) => shellWords(line.trim()).slice(1)));
      expect(examples.map((words) => words.slice(0, 2).join(' '))).toEqual(['account create', 'account create', 'person create', 'token create']);
      for (const words of examples) {
        const run = await tessera(words, { DATABASE_URL: target.url });
        expect({ words, code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ words, code: 0, stderr: '' });
      }
      const scopes = await target.db('personal_access_tokens').pluck('scopes');
      expect(scopes).toEqual([['request:*', 'deny webhook:Delete', 'allow request:Read, request:Update if account = acme-it and role = administrator']]);
    } finally {
      await target.drop();
    }
  });
});
