const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('persistence', __dirname, { database: true });
