export { setupTestPostgres, teardownTestPostgres, createTestDatabase } from './test-postgres.js';
export type { TestDatabase } from './test-postgres.js';
export { enqueueUncheckedJob } from './enqueue-unchecked.js';
