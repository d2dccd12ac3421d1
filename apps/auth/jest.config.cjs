const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('auth', __dirname, { database: true });
