export { createDatabase, withDatabaseName, ping } from './database.js';
export type { Database, DatabaseOptions } from './database.js';
export { startEmbeddedPostgres, findFreePort } from './embedded-postgres.js';
export type { EmbeddedPostgresOptions, RunningPostgres } from './embedded-postgres.js';
export { migrateLatest, migrateDownAll, listPendingMigrations } from './migrate.js';
export { findAccount } from './repositories/account.repository.js';
export {
  findPersonalAccessTokenByHash,
  insertPersonalAccessToken,
  touchPersonalAccessToken,
  findRoles,
} from './repositories/personal-access-token.repository.js';
export type { NewPersonalAccessToken } from './repositories/personal-access-token.repository.js';
export { findPersonView } from './repositories/person.repository.js';
export type { PersonView } from './repositories/person.repository.js';
export { seedDemoData, DEMO_ACCOUNT, DEMO_DIRECTORY_ACCOUNT } from './seed/demo-seed.js';
export type { DemoSeedResult, DemoLogin } from './seed/demo-seed.js';
export { createAccessRepository } from './repositories/access.repository.js';
export { fetchPage } from './repositories/collection.js';
export type { Page } from './repositories/collection.js';
export { connectionUrlOf } from './database.js';
export { installQueueSchema } from './queue/queue-schema.js';
export { enqueueJob, removeJob, listQueuedJobs } from './queue/enqueue.js';
export type { QueuedJobRow } from './queue/enqueue.js';
export { createEventsStore } from './events/events-store.js';
export { findRequest, findOpenRequestByCi } from './requests/request.repository.js';
export { findRequestView, listRequestViews, listNoteViews, REQUEST_COLUMNS, NOTE_COLUMNS } from './requests/request-view.repository.js';
export type { RequestView, NoteView } from './requests/request-view.repository.js';
