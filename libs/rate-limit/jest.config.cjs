module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'rate-limit',
  rootDir: __dirname,
};
