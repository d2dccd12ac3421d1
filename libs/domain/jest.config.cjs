const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('domain', __dirname);
