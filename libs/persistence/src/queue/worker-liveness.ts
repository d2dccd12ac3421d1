/**
 * Liveness of job runners. graphile-worker 0.18 frees the jobs a crashed process
 * had locked only after 4 hours (its locked_at cutoff). Here each runner keeps a
 * row in `worker_processes` fresh (a heartbeat) and every runner sweeps: rows not
 * seen for `deadAfterMs` are deleted and their locks forced open, so a killed
 * worker's jobs run again on a live one within about `deadAfterMs + heartbeatMs`.
 *
 * Jobs are locked with the id of the worker *pool* (`locked_by = workerPool.id`,
 * see graphile-worker's batchGetJobs), not the per-worker `workerId`; the row holds
 * both so it stays right should a later version lock by worker id.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { WorkerPool } from 'graphile-worker';
import { releaseWorkerProcess, saveWorkerProcess, sweepDeadWorkerProcesses, type WorkerProcessIdentity } from './worker-processes.js';

export interface LivenessTimings {
  /** How often the runner refreshes its row and sweeps. Default 2000 ms. */
  heartbeatMs?: number;
  /** A runner not seen for longer than this is dead. At least 3 × heartbeatMs. Default 6000 ms. */
  deadAfterMs?: number;
}

/**
 * Issue 30 item 2: a dead worker's jobs and delivery leases are freed by its peers within
 * dead-after + one heartbeat (8 s), so delivery resumes within 10 s of its death.
 */
export const DEFAULT_HEARTBEAT_MS = 2_000;
export const DEFAULT_DEAD_AFTER_MS = 6_000;
/** Dead-after must cover this many heartbeats, so that one slow or lost heartbeat kills nobody. */
export const MIN_HEARTBEATS_PER_DEAD_AFTER = 3;

export function resolveLivenessTimings(timings: LivenessTimings = {}): Required<LivenessTimings> {
  const heartbeatMs = timings.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const deadAfterMs = timings.deadAfterMs ?? DEFAULT_DEAD_AFTER_MS;
  if (!(heartbeatMs > 0) || !(deadAfterMs >= heartbeatMs * MIN_HEARTBEATS_PER_DEAD_AFTER)) {
    throw new Error(`worker liveness: deadAfterMs (${deadAfterMs}) must be at least ${MIN_HEARTBEATS_PER_DEAD_AFTER} × heartbeatMs (${heartbeatMs})`);
  }
  return { heartbeatMs, deadAfterMs };
}

export type LivenessLog = (level: 'info' | 'warn', message: string, context: Record<string, unknown>) => void;

export interface WorkerLiveness {
  /** This runner's row id in `worker_processes`. */
  processId: string;
  /** Records graphile-worker ids that lock jobs for this runner; resolves once the row names them. */
  register(pool: WorkerPool, workerId: string): Promise<void>;
  /** Starts heartbeats and sweeps (the first at once). */
  start(): void;
  /** Ends heartbeats; with `deregister`, deletes the row and frees any job its ids still lock (the runner let go of its jobs). */
  stop(options: { deregister: boolean }): Promise<void>;
  /** When the row was last saved (Date.now()), undefined before the first save. */
  lastHeartbeatAt(): number | undefined;
  /** The graphile-worker ids this runner's locks can carry. */
  queueWorkerIds(): string[];
}

/** `leaseHolder`: the id the process's delivery leases carry, written into its row so that its peers free them too once it is dead. */
export function createWorkerLiveness(pgPool: pg.Pool, timings: Required<LivenessTimings>, log: LivenessLog, leaseHolder?: string): WorkerLiveness {
  const host = hostname().slice(0, 200);
  const identity: WorkerProcessIdentity = {
    id: `${host}:${process.pid}:${randomBytes(6).toString('hex')}`.slice(-64), hostname: host, pid: process.pid, ...(leaseHolder ? { leaseHolder } : {}),
  };
  const queueWorkerIds = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastBeatFailed = false;
  let lastBeatAt: number | undefined;
  // Saves run one after another, so a slower, older save never overwrites a newer id list.
  let saving: Promise<void> = Promise.resolve();
  const write = async () => {
    await saveWorkerProcess(pgPool, identity, [...queueWorkerIds]);
    lastBeatAt = Date.now();
  };
  const save = () => (saving = saving.then(write, write));

  const beat = async () => {
    try {
      await save();
      if (lastBeatFailed) log('info', 'worker heartbeat restored', { processId: identity.id });
      lastBeatFailed = false;
      const swept = await sweepDeadWorkerProcesses(pgPool, timings.deadAfterMs, identity.id);
      for (const dead of swept.processes) {
        log('warn', 'unlocked the jobs of a dead worker process', {
          processId: dead.id, hostname: dead.hostname, pid: dead.pid, lastSeenAt: dead.seenAt.toISOString(), queueWorkerIds: dead.queueWorkerIds,
        });
      }
      if (swept.processes.length > 0) log('warn', 'jobs of dead worker processes run again', { jobIds: swept.unlockedJobIds });
      if (swept.releasedDeliveries > 0) log('warn', 'released the delivery leases of dead worker processes', { deliveries: swept.releasedDeliveries, processIds: swept.processes.map((dead) => dead.id) });
    } catch (error) {
      // The database is away: the next beat tries again. Others may declare this runner dead
      // meanwhile; its next save re-inserts the row (jobs it was running may then run twice).
      if (!lastBeatFailed) log('warn', 'worker heartbeat failed', { processId: identity.id, error: (error as Error).message });
      lastBeatFailed = true;
    }
  };
  let beating: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      beating = beat().finally(schedule);
    }, timings.heartbeatMs);
    timer.unref();
  };

  return {
    processId: identity.id,
    async register(pool, workerId) {
      queueWorkerIds.add(pool.id);
      queueWorkerIds.add(workerId);
      try {
        await save();
      } catch (error) {
        // The worker must not wait forever on a database that is away; the next beat saves the ids.
        log('warn', 'could not register the queue worker', { processId: identity.id, workerId, error: (error as Error).message });
      }
    },
    start() {
      beating = beat().finally(schedule);
    },
    async stop({ deregister }) {
      stopped = true;
      clearTimeout(timer);
      await beating;
      await saving.catch(() => undefined);
      if (!deregister) return;
      const unlockedJobIds = await releaseWorkerProcess(pgPool, identity.id, [...queueWorkerIds]);
      if (unlockedJobIds.length > 0) log('warn', 'unlocked the jobs this worker process still held', { processId: identity.id, jobIds: unlockedJobIds });
    },
    lastHeartbeatAt: () => lastBeatAt,
    queueWorkerIds: () => [...queueWorkerIds],
  };
}
