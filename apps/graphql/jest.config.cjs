const { projectConfig } = require('../../jest.preset.cjs');

module.exports = projectConfig('graphql', __dirname, { database: true });
