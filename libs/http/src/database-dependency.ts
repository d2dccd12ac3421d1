import { isDatabaseMisconfigured, isDatabaseUnreachable, ping, type Database } from '@tessera/persistence';
import type { WatchedDependency } from './outage-watch.js';

/** The PostgreSQL every app stores in, as the outage watch sees it. */
export function databaseDependency(db: Database): WatchedDependency {
  return { name: 'database', isOutage: isDatabaseUnreachable, isMisconfigured: isDatabaseMisconfigured, probe: () => ping(db) };
}
