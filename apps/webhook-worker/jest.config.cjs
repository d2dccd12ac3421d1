const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('webhook-worker', __dirname, { database: true });
