const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('dev-tools', __dirname, { database: true, testTimeout: 120000 });
