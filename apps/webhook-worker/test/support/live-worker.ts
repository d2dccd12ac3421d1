/**
 * One worker runner in the test process with the liveness timings of `env`
 * (WORKER_HEARTBEAT_MS, WORKER_DEAD_AFTER_MS), for tests that wait for a dead
 * worker's jobs; a shorthand over worker-harness.ts.
 */
import type { TestDatabase } from '@tessera/persistence/testing';
import { workerHarness } from './worker-harness.js';

export interface LiveWorker {
  /** Every log line of the runner, parsed. */
  logs: Array<Record<string, unknown>>;
  /** Stops the runner (running jobs finish first) and removes its mailbox folder. Safe to call again. */
  stop(): Promise<void>;
}

export async function startLiveWorker(test: TestDatabase, env: Record<string, string>): Promise<LiveWorker> {
  const harness = await workerHarness(test);
  await harness.start(env);
  let stopped: Promise<void> | undefined;
  return { logs: harness.logs, stop: () => (stopped ??= harness.cleanup()) };
}
