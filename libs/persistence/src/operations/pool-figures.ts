/** The connection pool of a Database as an operator scales on it (issue 20 item 5). */
import type { Database } from '../database.js';

export interface PoolFigures {
  /** Connections lent out to a query or transaction. */
  inUse: number;
  idle: number;
  /** Queries waiting for a connection: above zero for long, the pool (DATABASE_POOL_MAX) or the database is the bottleneck. */
  waiting: number;
  max: number;
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

export function poolFigures(db: Database): PoolFigures {
  // Knex creates its tarn pool on the first query; before that nothing is in use.
  const pool = (db.client as { pool?: TarnPool }).pool;
  if (!pool) return { inUse: 0, idle: 0, waiting: 0, max: (db.client as { config: { pool?: { max?: number } } }).config.pool?.max ?? 0 };
  return { inUse: pool.numUsed(), idle: pool.numFree(), waiting: pool.numPendingAcquires(), max: pool.max };
}
