export { deploymentEnvironments, withExamplesReplaced } from './deployment-files.js';
export type { DeployedApp, DeploymentEnvironment } from './deployment-files.js';
