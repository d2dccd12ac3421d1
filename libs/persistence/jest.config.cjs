module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'persistence',
  rootDir: __dirname,
  globalSetup: '<rootDir>/src/testing/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/src/testing/jest-global-teardown.mjs',
};
