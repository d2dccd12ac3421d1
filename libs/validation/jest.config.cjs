const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('validation', __dirname);
