module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'dev-tools',
  rootDir: __dirname,
  testTimeout: 120000,
  globalSetup: '<rootDir>/../../libs/persistence/src/testing/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/../../libs/persistence/src/testing/jest-global-teardown.mjs',
};
