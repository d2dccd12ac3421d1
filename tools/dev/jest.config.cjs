module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'dev-tools',
  rootDir: __dirname,
  testTimeout: 120000,
};
