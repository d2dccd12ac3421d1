const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('api', __dirname, { database: true });
