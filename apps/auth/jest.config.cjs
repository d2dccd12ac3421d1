module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'auth',
  rootDir: __dirname,
  globalSetup: '<rootDir>/../../libs/persistence/src/testing/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/../../libs/persistence/src/testing/jest-global-teardown.mjs',
};
