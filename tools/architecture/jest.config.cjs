const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('architecture', __dirname, { testTimeout: 120000 });
