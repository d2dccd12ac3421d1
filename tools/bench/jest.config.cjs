const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('bench', __dirname);
