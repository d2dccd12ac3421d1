const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('http', __dirname, { database: true });
