/** What every part of the deliveries benchmark works with: the database, the sink, the settings, and how to start workers. */
import type { Database } from '@tessera/persistence';
import type { DeliveriesOptions } from './bench-options.js';
import type { Fail } from './deliveries-wait.js';
import type { PostgresCpu } from './postgres-cpu.js';
import type { ServerProcess } from './server-process.js';
import type { SinkHandle } from './sink-handle.js';

/** Turns the server's durability on or off (ALTER SYSTEM, reloaded); resolves with what the server then reports. */
export type DurabilitySwitch = (on: boolean) => Promise<string>;

export interface DeliveriesContext {
  db: Database;
  /** The bench database, for the minimal pipeline's own pg pool. */
  databaseUrl: string;
  /** Null when the server is not the bench's own (DATABASE_URL): its settings are not the bench's to change. */
  durability: DurabilitySwitch | null;
  sink: SinkHandle;
  options: DeliveriesOptions;
  target: { account: string; person: { id: number; name: string } };
  /** The policy of the first algorithm measured (hs256 by default): the scaling, latency and mail runs sign with it. */
  policy: { id: number; alg: string };
  fail: Fail;
  /** The database server's CPU time so far (null when it is not on this machine): read around each throughput run. */
  postgresCpu: PostgresCpu;
  /** BENCH_PG_STATEMENTS: whether pg_stat_statements can be read (the server loads it); null when not asked for. */
  statements: boolean | null;
  /** `count` fresh worker processes with `env` (worker-settings.ts), each ready; `label` names their profiles and logs. */
  startWorkers(count: number, env: Record<string, string>, label: string): Promise<ServerProcess[]>;
}

export async function stopAll(workers: readonly ServerProcess[]): Promise<void> {
  await Promise.all(workers.map((worker) => worker.stop()));
}
