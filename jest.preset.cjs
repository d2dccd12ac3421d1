// Shared Jest settings: TypeScript is compiled by SWC to native ESM, because
// oidc-provider, got and jose are ESM-only and Jest on Node 20 cannot require() them.
// Every test target runs Node with --experimental-vm-modules (see each project.json).
/** @type {import('jest').Config} */
const preset = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
};

const persistenceTesting = `${__dirname}/libs/persistence/src/testing`;

/**
 * The Jest config of one project. `database: true` starts one PostgreSQL for the run
 * (embedded, or DATABASE_URL's server) with a migrated template; tests then call
 * createTestDatabase() for a database of their own.
 */
function projectConfig(name, rootDir, { database = false, ...rest } = {}) {
  return {
    ...preset,
    displayName: name,
    rootDir,
    ...(database
      ? { globalSetup: `${persistenceTesting}/jest-global-setup.mjs`, globalTeardown: `${persistenceTesting}/jest-global-teardown.mjs` }
      : {}),
    ...rest,
  };
}

module.exports = { ...preset, projectConfig };
