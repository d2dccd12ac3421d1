module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'architecture',
  rootDir: __dirname,
  testTimeout: 120000,
};
