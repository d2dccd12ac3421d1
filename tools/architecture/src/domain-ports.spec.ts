/**
 * docs/decisions/011: each repository port is declared beside its feature;
 * ports/ keeps the unit of work (which assembles the feature ports into
 * `Repositories`), the outbox and the job queue; a use case names the ports it
 * uses. Lint enforces the first two and the third where it can be read from a
 * signature; the import graph of libs/domain has no cycle, type imports included.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCycles, importGraph } from './import-graph.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('docs/decisions/011 — ports beside their features, use cases name theirs', () => {
  const eslint = new ESLint({ cwd: root });

  async function errors(file: string, code: string, rule: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
  }
  const importErrors = (file: string, module: string) => errors(file, `import type * as port from '${module}';\nexport type { port };\n`, 'no-restricted-imports');

  describe('a feature folder imports from ports/ only the unit of work, the outbox and the job queue', () => {
    it.each([
      ['libs/domain/src/webhooks/bad-import.ts', '../ports/webhook.repository.js'],
      ['libs/domain/src/webhooks/policies/bad-import.ts', '../../ports/scss-compiler.js'],
      ['libs/domain/src/requests/bad-import.ts', '../ports/request.repository.js'],
      ['libs/domain/src/people/person.repository.ts', '../ports/account.repository.js'],
      ['libs/domain/src/bad-import.ts', './ports/person.repository.js'],
    ])('fails when %s imports %s', async (file, module) => {
      expect((await importErrors(file, module)).join('\n')).toContain('beside its feature');
    });

    it.each([
      ['libs/domain/src/webhooks/ok-import.ts', '../ports/unit-of-work.js'],
      ['libs/domain/src/webhooks/deliveries/ok-import.ts', '../../ports/outbox.js'],
      ['libs/domain/src/requests/ok-import.ts', '../ports/job-queue.js'],
      ['libs/domain/src/events-intake/ok-import.ts', '../people/person.repository.js'],
      ['libs/domain/src/ok-import.ts', './ports/unit-of-work.js'],
    ])('lets %s import %s', async (file, module) => {
      expect(await importErrors(file, module)).toEqual([]);
    });

    it('fails when a repository port imports the unit of work that assembles it', async () => {
      expect((await importErrors('libs/domain/src/webhooks/webhook.repository.ts', '../ports/unit-of-work.js')).join('\n')).toContain('does not import the unit of work');
      expect((await importErrors('libs/domain/src/requests/request.repository.ts', '../ports/unit-of-work.js')).join('\n')).toContain('does not import the unit of work');
    });

    it('keeps the events intake rule of requests/ beside the ports rule', async () => {
      expect((await importErrors('libs/domain/src/requests/bad-import.ts', '../events-intake/submit-event.js')).join('\n')).toContain('events-intake');
    });
  });

  describe('ports/ imports a feature folder only to assemble Repositories', () => {
    it.each([
      ['libs/domain/src/ports/outbox.ts', '../requests/request-record.js'],
      ['libs/domain/src/ports/job-queue.ts', '../webhooks/webhook.repository.js'],
      ['libs/domain/src/ports/unit-of-work.ts', '../requests/request-view.js'],
      ['libs/domain/src/ports/unit-of-work.ts', '../requests/create-request.js'],
    ])('fails when %s imports %s', async (file, module) => {
      expect((await importErrors(file, module)).join('\n')).toContain('ports/ imports no feature folder');
    });

    it.each([
      ['libs/domain/src/ports/unit-of-work.ts', '../requests/request.repository.js'],
      ['libs/domain/src/ports/unit-of-work.ts', '../webhooks/deliveries/webhook-delivery.repository.js'],
      ['libs/domain/src/ports/outbox.ts', '../tenancy/account-id.js'],
      ['libs/domain/src/ports/job-queue.ts', '../jobs/job-contract.js'],
      ['libs/domain/src/ports/unit-of-work.ts', './outbox.js'],
    ])('lets %s import %s', async (file, module) => {
      expect(await importErrors(file, module)).toEqual([]);
    });
  });

  describe('a use case names the ports it uses', () => {
    const header = "import type { Repositories, Transaction, TransactionPart, UnitOfWork } from '../ports/unit-of-work.js';\n";
    const bagErrors = (code: string, file = 'libs/domain/src/webhooks/use-case.ts') => errors(file, header + code, 'no-restricted-syntax');

    it.each([
      ['the whole unit of work', 'export const f = (uow: UnitOfWork) => uow;\n'],
      ['the whole unit of work among its dependencies', 'export function f({ uow }: { uow: UnitOfWork; apiUrl: string }) { return uow; }\n'],
      ['the whole transaction', 'export async function f(tx: Transaction) { return tx; }\n'],
      ['every repository', 'export async function f(repos: Repositories) { return repos; }\n'],
      ['every part by name', 'export const f = (uow: UnitOfWork<TransactionPart>) => uow;\n'],
      ['every part by keyof', "export const f = (tx: Pick<Transaction, keyof Transaction>, r: Pick<Repositories, keyof Repositories>) => [tx, r];\n"],
    ])('fails when a use case takes %s', async (_what, code) => {
      expect((await bagErrors(code)).join('\n')).toContain('names the ports it uses');
    });

    it('lets a use case take the parts it names', async () => {
      const code = [
        "export const a = (uow: UnitOfWork<'webhooks' | 'outbox' | 'lock'>) => uow;",
        "export const b = (tx: Pick<Transaction, 'people' | 'now'>, repos: Pick<Repositories, 'webhooks'>) => [tx, repos];",
        "export function c({ uow }: { uow: UnitOfWork<'requests'> }) { return uow; }",
        '',
      ].join('\n');
      expect(await bagErrors(code)).toEqual([]);
    });

    it('lets the unit of work itself, persistence and the apps hold the whole set', async () => {
      const code = 'export const f = (uow: UnitOfWork, tx: Transaction, repos: Repositories) => [uow, tx, repos];\n';
      expect(await bagErrors(code, 'libs/domain/src/ports/ok.ts')).toEqual([]);
      const fromLib = "import type { UnitOfWork } from '@tessera/domain';\nexport const f = (uow: UnitOfWork) => uow;\n";
      expect(await errors('apps/webhook-worker/src/ok.ts', fromLib, 'no-restricted-syntax')).toEqual([]);
    });
  });

  describe('the import graph of libs/domain', () => {
    it('finds a cycle, type imports included, when there is one', () => {
      const graph = new Map([
        ['ports/unit-of-work.ts', ['requests/request.repository.ts']],
        ['requests/request.repository.ts', ['requests/request-view.ts']],
        ['requests/request-view.ts', ['ports/unit-of-work.ts']],
        ['requests/create-request.ts', ['ports/unit-of-work.ts']],
      ]);
      expect(importCycles(graph)).toEqual([['ports/unit-of-work.ts', 'requests/request-view.ts', 'requests/request.repository.ts']]);
      expect(importCycles(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
    });

    it('has no cycle', () => {
      const graph = importGraph(path.join(root, 'libs/domain/src'));
      expect(graph.size).toBeGreaterThan(100);
      expect(graph.get('ports/unit-of-work.ts')).toContain('requests/request.repository.ts');
      expect(importCycles(graph)).toEqual([]);
    });
  });
});
