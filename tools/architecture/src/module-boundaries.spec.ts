import { ESLint } from 'eslint';
import { createProjectGraphAsync } from '@nx/devkit';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('lint enforces the module boundaries of ARCHITECTURE.md', () => {
  let eslint: ESLint;

  beforeAll(async () => {
    // The boundary rule reads the cached project graph; make sure it exists.
    await createProjectGraphAsync({ exitOnError: false });
    eslint = new ESLint({ cwd: root });
  });

  async function lintErrors(file: string, code: string, rules: readonly string[]): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message);
  }

  const boundaryErrors = (file: string, code: string) => lintErrors(file, code, ['@nx/enforce-module-boundaries', 'import/no-cycle']);

  it('fails when an app imports another app', async () => {
    const byPackage = await boundaryErrors('apps/api/src/bad-import.ts', "import { createGraphqlApp } from '@tessera/graphql/src/app.js';\nexport const x = createGraphqlApp;\n");
    const byPath = await boundaryErrors('apps/api/src/bad-import.ts', "import { createGraphqlApp } from '../../graphql/src/app.js';\nexport const x = createGraphqlApp;\n");
    expect(byPackage).toContain('Imports of apps are forbidden');
    expect(byPath.length).toBeGreaterThan(0);
  });

  it.each([
    ['libs/domain/src/bad-import.ts', 'knex'],
    ['libs/domain/src/bad-import.ts', 'express'],
    ['libs/validation/src/bad-import.ts', 'knex'],
    ['libs/http/src/bad-import.ts', 'pg'],
    ['libs/rate-limit/src/bad-import.ts', 'knex'],
    ['apps/api/src/bad-import.ts', 'knex'],
  ])('fails when %s imports %s', async (file, pkg) => {
    const errors = await boundaryErrors(file, `import x from '${pkg}';\nexport default x;\n`);
    expect(errors.join('\n')).toContain(pkg);
  });

  it('lets libs/persistence import knex and pg', async () => {
    expect(await boundaryErrors('libs/persistence/src/ok-import.ts', "import knex from 'knex';\nimport pg from 'pg';\nexport { knex, pg };\n")).toEqual([]);
  });

  it('fails when the domain reaches up to persistence', async () => {
    const errors = await boundaryErrors('libs/domain/src/bad-import.ts', "import { createDatabase } from '@tessera/persistence';\nexport const x = createDatabase;\n");
    expect(errors.length).toBeGreaterThan(0);
  });

  describe('inside the domain: request changes are shared by the request API and the events intake', () => {
    const importErrors = (file: string, code: string) => lintErrors(file, code, ['no-restricted-imports']);

    it.each([
      ['libs/domain/src/requests/bad-import.ts', '../events-intake/event-input.js'],
      ['libs/domain/src/requests/bad-import.ts', '../events-intake/submit-event.js'],
      ['libs/domain/src/request-changes/bad-import.ts', '../events-intake/match-open-request.js'],
    ])('fails when %s imports %s', async (file, module) => {
      const errors = await importErrors(file, `import * as intake from '${module}';\nexport { intake };\n`);
      expect(errors.join('\n')).toContain(module);
    });

    it('lets the events intake and the request API import request-changes/', async () => {
      const code = "import { publishRequestChange } from '../request-changes/publish-request-change.js';\nexport { publishRequestChange };\n";
      expect(await importErrors('libs/domain/src/events-intake/ok-import.ts', code)).toEqual([]);
      expect(await importErrors('libs/domain/src/requests/ok-import.ts', code)).toEqual([]);
    });
  });

  it('lets an app use every layer below it', async () => {
    const code = "import { createDatabase } from '@tessera/persistence';\nimport { encodeNodeId } from '@tessera/domain';\nimport { createLogger } from '@tessera/http';\nexport { createDatabase, encodeNodeId, createLogger };\n";
    expect(await boundaryErrors('apps/api/src/ok-import.ts', code)).toEqual([]);
  });

  describe('the auth app reaches persistence only through its composition root', () => {
    async function restrictedImports(file: string): Promise<string[]> {
      const code = "import { ping } from '@tessera/persistence';\nexport const x = ping;\n";
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    }

    it.each([['apps/auth/src/profile/bad-import.ts'], ['apps/auth/src/pages/bad-import.ts'], ['apps/auth/src/provider/bad-import.ts']])('fails when %s imports @tessera/persistence', async (file) => {
      expect((await restrictedImports(file)).join('\n')).toContain('services.ts');
    });

    it.each([['apps/auth/src/services.ts'], ['apps/auth/src/app.ts'], ['apps/auth/src/main.ts'], ['apps/auth/src/provider/database-adapter.ts']])('lets %s import it', async (file) => {
      expect(await restrictedImports(file)).toEqual([]);
    });
  });
});
