/**
 * The examples of the README and docs/, run as written, in order, against a freshly
 * started stack (`npm start`: migrations, demo seed, the four apps), so that the
 * documentation cannot drift from what Tessera does. The order is the README's, then
 * the pages its "Read on" section links, in that order, then the other docs/ pages
 * and the apps', libs' and tools' READMEs (examples/documents.ts). The convention:
 *
 * - Every ```sh / ```bash block runs, one command at a time, in one bash session
 *   for all documents (variables such as TOKEN or AUTH carry on, as in a reader's
 *   terminal), from a folder whose `.data` is this run's. The addresses of the
 *   documented default ports (localhost:3000–3003) are moved to this run's ports,
 *   and moved back in what the commands print.
 * - The answer of a command is the comment lines right under it: `# → ` opens a
 *   line of output, `#   ` continues the line above. `…` stands for any text. An
 *   answer may open with the HTTP status curl does not print (`# → 404 {…}`); it
 *   is compared with the status of the command's last curl call (see answer.ts).
 * - A command without an answer must exit 0, and every curl call in it must get a
 *   status below 400.
 * - The walkthroughs clean up after themselves: once every example has run, no
 *   receiver an example started still listens, no file is left in the reader's
 *   checkout (nor in the repository, through its folders), and no webhook was
 *   ever enabled for a host outside the machine (examples/leftovers.ts).
 * - A block that is not meant to run (starting Tessera itself, Docker, a browser
 *   step, code in another language, an output) carries `<!-- not-run: reason -->`
 *   on the line before its fence. In the root README and the pages of docs/ (not the
 *   decision records) every fenced block is run or marked; elsewhere every shell block
 *   is. Nothing is skipped silently: an unmarked block fails the test, and the marked
 *   ones are counted.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { answerMismatch, silentFailure } from './examples/answer.js';
import { exampleDocuments } from './examples/documents.js';
import { newEntries, receiverPorts, stillListening, webhooksEnabledOffMachine, type WebhookAuditLine } from './examples/leftovers.js';
import { blockCommands, isShell, markdownBlocks } from './examples/markdown-examples.js';
import { ShellSession, writeCurlShim } from './examples/shell-session.js';
import { workspaceRoot } from './paths.js';
import { DEFAULT_PORTS, startStack, type StartedStack } from './testing/started-stack.js';

const STEP_TIMEOUT_MS = 20_000;
/** The README and the guide's pages (docs/*.md, not the decision records) mark every block they do not run. */
const everyBlockCounts = (document: string) => document === 'README.md' || /^docs\/[^/]+\.md$/.test(document);
const READER_PACE = { RATE_LIMIT_PER_2_SECONDS: '1000', GRAPHQL_RATE_LIMIT_PER_2_SECONDS: '1000' };

describe('the examples of the README and docs run as written, in order, on a fresh start', () => {
  let test: TestDatabase;
  let dir: string;
  let session: ShellSession;
  let stack: StartedStack | undefined;
  const ports: Record<string, number> = {};
  /** The reader's checkout as it was before the first example, and the repository's `git status`. */
  let checkoutBefore: string[] = [];
  let repositoryBefore = '';
  const gitStatus = () => execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: workspaceRoot, encoding: 'utf8' });

  const toTestPorts = (text: string) => text.replace(/(localhost|127\.0\.0\.1):(300[0-3])\b/g, (_, host, port) => `${host}:${ports[portName(Number(port))]}`);
  const toDefaultPorts = (text: string) =>
    Object.entries(ports).reduce((out, [name, port]) => out.replaceAll(`localhost:${port}`, `localhost:${DEFAULT_PORTS[name as keyof typeof DEFAULT_PORTS]}`), text);
  const portName = (port: number) => Object.entries(DEFAULT_PORTS).find(([, p]) => p === port)![0];

  beforeAll(async () => {
    const tools = Object.fromEntries(['curl', 'jq'].map((tool) => [tool, execFileSync('bash', ['-c', `command -v ${tool} || true`], { encoding: 'utf8' }).trim()]));
    const missing = Object.keys(tools).filter((tool) => tools[tool] === '');
    if (missing.length > 0) throw new Error(`The README's examples need ${missing.join(' and ')} (apt-get install -y ${missing.join(' ')}; .ci/run installs them)`);
    test = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-readme-'));
    await chmod(dir, 0o755);
    // The reader's checkout: the repository's files, and a `.data` of this run's own.
    for (const entry of ['apps', 'libs', 'tools', 'docs', 'docker', 'node_modules', 'package.json', 'tsconfig.base.json', 'nx.json']) {
      await symlink(path.join(workspaceRoot, entry), path.join(dir, entry));
    }
    stack = await startStack({
      cwd: dir,
      env: {
        DATABASE_URL: test.url,
        TESSERA_DATA_DIR: path.join(dir, '.data'),
        LOG_LEVEL: 'warn',
        // A reader does not type 20 commands in 2 seconds; this run does. The short windows are proved by
        // the rate-limit specs, so here they are only widened enough not to answer the README's pace with 429.
        ...READER_PACE,
      },
    });
    Object.assign(ports, stack.ports);
    const bin = path.join(dir, '.examples', 'bin');
    const statusFile = path.join(dir, '.examples', 'statuses');
    await mkdir(bin, { recursive: true });
    await writeCurlShim(bin, tools['curl']!, statusFile);
    // The reader's shell reaches the database npm start runs (for `npx tessera`), as on a reader's machine.
    const env = { PATH: `${bin}:${process.env['PATH']}`, HOME: process.env['HOME'], LANG: 'C.UTF-8', TERM: 'dumb', DATABASE_URL: test.url, TESSERA_DATA_DIR: path.join(dir, '.data') };
    session = new ShellSession(dir, path.join(dir, '.examples', 'steps'), statusFile, env);
    checkoutBefore = [...(await readdir(dir)), '.data'];
    repositoryBefore = gitStatus();
  }, 120_000);

  afterAll(async () => {
    session?.close();
    await stack?.stop();
    await test.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs every shell example and gets the answers shown; every other block is marked not-run with a reason', async () => {
    const failures: string[] = [];
    const counts = { commands: 0, answers: 0, notRun: 0 };
    const commands: string[] = [];
    for (const document of await exampleDocuments()) {
      const markdown = await readFile(path.join(workspaceRoot, document), 'utf8').catch(() => '');
      for (const block of markdownBlocks(markdown)) {
        const where = `${document}:${block.line}`;
        if (block.notRun !== undefined) {
          counts.notRun += 1;
          continue;
        }
        if (!isShell(block)) {
          if (everyBlockCounts(document)) failures.push(`${where}: a \`\`\`${block.lang} block that neither runs nor says <!-- not-run: reason -->`);
          continue;
        }
        for (const example of blockCommands(block)) {
          counts.commands += 1;
          commands.push(example.command);
          const step = await session.run(toTestPorts(example.command), STEP_TIMEOUT_MS);
          const shown = { ...step, stdout: toDefaultPorts(step.stdout) };
          const problem = example.answer === undefined ? silentFailure(shown) : step.timedOut ? 'did not finish in time' : answerMismatch(example.answer, shown);
          if (example.answer !== undefined) counts.answers += 1;
          if (problem) failures.push(`${document}:${example.line}: ${example.command.split('\n')[0]}\n  ${problem}`);
        }
      }
    }
    const background = (await session.run('jobs -pr', STEP_TIMEOUT_MS)).stdout.trim();
    const auditLines = (await test.db('audit_lines').where({ record_type: 'Webhook' }).orderBy('id').select('record_id', 'action', 'changes')) as WebhookAuditLine[];
    const left = [
      ...(background === '' ? [] : [`background jobs still running: ${background.split('\n').join(' ')}`]),
      ...(await stillListening(receiverPorts(commands))).map((port) => `a receiver still listens on port ${port}`),
      ...(await newEntries(dir, checkoutBefore)).map((entry) => `${entry} is left in the checkout`),
      ...(gitStatus() === repositoryBefore ? [] : [`the repository's git status changed:\n${gitStatus()}`]),
      ...webhooksEnabledOffMachine(auditLines),
    ];
    expect({ failures, left }).toEqual({ failures: [], left: [] });
    // The README and docs/ are the bulk of it: a parser that found nothing would pass the line above.
    expect(counts.commands).toBeGreaterThan(100);
    expect(counts.answers).toBeGreaterThan(30);
    expect(counts.notRun).toBeGreaterThan(5);
  }, 240_000);
});
