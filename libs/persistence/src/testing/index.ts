export { setupTestPostgres, teardownTestPostgres, createTestDatabase } from './test-postgres.js';
export type { TestDatabase } from './test-postgres.js';
export { enqueueUncheckedJob } from './enqueue-unchecked.js';
export { mintOAuthAccessToken, insertTestOAuthApplication } from './oauth-access-tokens.js';
export type { OAuthTokenSpec, MintedOAuthToken, TestApplicationSpec, TestApplication } from './oauth-access-tokens.js';
export { startListeningAccess } from './listening-access.js';
export { recordStatements } from './record-statements.js';
export { startStoppablePostgres } from './stoppable-postgres.js';
export type { StoppablePostgres } from './stoppable-postgres.js';
