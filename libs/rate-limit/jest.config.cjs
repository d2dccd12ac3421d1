const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('rate-limit', __dirname);
