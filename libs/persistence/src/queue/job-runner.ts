/**
 * The consuming side of the job queue. graphile-worker stays behind this file
 * (the module-boundary lint keeps SQL packages, graphile-worker among them, out
 * of the apps), so an app hands in plain handlers and a log sink.
 *
 * A runner claims only jobs whose task is one of `tasks` (graphile-worker's
 * get_jobs filters on `task_id = any(<ids of the task list>)`): jobs of other
 * tasks stay queued, untouched, for whichever worker handles them.
 */
import { Logger, parseCrontab, run, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { createWorkerLiveness, resolveLivenessTimings, type LivenessTimings, type WorkerLiveness } from './worker-liveness.js';
import { releaseWorkerProcess } from './worker-processes.js';

export interface RunningJob {
  id: string;
  task: string;
  /** 1 on the first run; equal to maxAttempts on the last. */
  attempts: number;
  maxAttempts: number;
  /** When the job was queued: the commit time of the change that queued it, near enough. */
  createdAt: Date;
}

/** Resolve to complete the job; throw to have it retried later (and failed for good after maxAttempts). */
export type JobHandler = (payload: unknown, job: RunningJob) => Promise<void>;

export type JobLogLevel = 'error' | 'warn' | 'info' | 'debug';
export type JobLog = (level: JobLogLevel, message: string, context: Record<string, unknown>) => void;

export interface JobRunnerOptions {
  connectionString: string;
  tasks: Record<string, JobHandler>;
  concurrency: number;
  /** How often to look for jobs whose run_at has come (new jobs arrive by LISTEN/NOTIFY at once). Default 2000 ms. */
  pollIntervalMs?: number;
  /** Heartbeat and dead-after of this runner's `worker_processes` row (worker-liveness.ts). */
  liveness?: LivenessTimings;
  /**
   * Jobs fetched (and locked) per query into the runner's local queue (graphile-worker's
   * localQueue); unset or 1: one query per job.
   */
  localQueueSize?: number;
  /**
   * Asked before each claim: the job flags whose jobs this runner leaves for now (graphile-worker's
   * forbiddenFlags; the rules lane's fair share of its slots between accounts, decision 059).
   */
  forbiddenFlags?: () => string[] | Promise<string[]>;
  /** A runner of this process that stopped on its own: its row is deleted and its locks freed before this one claims a job. */
  releaseFirst?: RunnerIdentity;
  /** The id this process's delivery leases carry: once the process is dead, its peers free them with its jobs. */
  leaseHolder?: string;
  log: JobLog;
  /**
   * Recurring jobs, as crontab lines (graphile-worker's format), queued by whichever runner of any
   * process reaches the time first, once per time. Only upkeep that has no change to belong to.
   */
  crontab?: string;
}

export interface RunnerIdentity {
  processId: string;
  queueWorkerIds: string[];
}

export interface JobRunner {
  /** This runner's row in `worker_processes`. */
  processId: string;
  /** Stops taking jobs, lets running ones finish (graphile-worker's graceful shutdown), closes its pool. */
  stop(): Promise<void>;
  /**
   * Resolves after stop(); rejects as soon as the runner stops without being asked (a pool error,
   * a lost connection, a failed completion), even while graphile-worker is still winding down.
   */
  done: Promise<void>;
  /** This runner's row and the ids its locks carry, for the runner that replaces it (`releaseFirst`). */
  identity(): RunnerIdentity;
  /** When its worker_processes row was last saved (Date.now()); undefined before the first save. */
  lastHeartbeatAt(): number | undefined;
}

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const timings = resolveLivenessTimings(options.liveness);
  const taskList: TaskList = {};
  for (const [task, handler] of Object.entries(options.tasks)) {
    taskList[task] = (payload, helpers) =>
      handler(payload, { id: helpers.job.id, task, attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts, createdAt: helpers.job.created_at });
  }
  // Our own pool, so that a connection the server ends (a database restart, or Ctrl-C reaching
  // an embedded PostgreSQL first) is logged instead of crashing the process as an unhandled 'error'.
  // graphile-worker wants at least one connection per concurrent job, plus its listener; one more for heartbeats.
  const pgPool = new pg.Pool({ connectionString: options.connectionString, max: Math.max(10, options.concurrency + 3) });
  const connectionLost = (error: Error) => options.log('warn', 'job-queue connection lost', { error: error.message });
  pgPool.on('error', connectionLost);
  pgPool.on('connect', (client) => client.on('error', connectionLost));
  const liveness = createWorkerLiveness(pgPool, timings, options.log, options.leaseHolder);
  let runner: Runner;
  try {
    if (options.releaseFirst) await releasePrevious(pgPool, options.releaseFirst, options.log);
    runner = await startGraphileRunner(options, taskList, pgPool, liveness);
  } catch (error) {
    // The database is away (a restart that came too early): nothing may stay open.
    await pgPool.end().catch(() => undefined);
    throw error;
  }
  liveness.start();
  let stopping = false;
  let settle: { resolve: () => void; reject: (error: Error) => void } = { resolve: () => undefined, reject: () => undefined };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  done.catch(() => undefined);
  // graphile-worker 0.18 resolves runner.promise even when its worker pool died of an error (it
  // logs "Runner stopping (reason: ...)"). When recording a job's end fails (the database went
  // away) the pool starts a graceful shutdown that can hang on the dead connection for good, with
  // the heartbeat going and the jobs locked: so the pool's shutdown, not the runner's, is the signal.
  const endedOnItsOwn = (reason: unknown) => {
    if (stopping) return;
    stopping = true;
    settle.reject(reason instanceof Error ? reason : new Error(String(reason)));
    // Stop beating and leave the row: whoever frees this runner's locks (its replacement, or another
    // process after dead-after) finds their ids there. Then let go of every connection it holds.
    void liveness.stop({ deregister: false });
    void runner.kill().catch(() => undefined);
    void Promise.race([runner.promise.catch(() => undefined), sleep(5_000)]).then(() => pgPool.end().catch(() => undefined));
  };
  runner.events.on('pool:gracefulShutdown', ({ message }) => endedOnItsOwn(`the job runner's worker pool shut down on its own: ${message}`));
  runner.events.on('stop', () => endedOnItsOwn('the job runner stopped on its own (graphile-worker logged the reason: "Runner stopping")'));
  runner.promise.then(() => endedOnItsOwn('the job runner ended on its own'), endedOnItsOwn);
  let stopped: Promise<void> | undefined;
  const stop = async () => {
    // Stopped on its own already: nothing runs, and the row stays for whoever frees its locks.
    if (stopping) return;
    stopping = true;
    try {
      await runner.stop();
    } catch (error) {
      await liveness.stop({ deregister: true }).catch(() => undefined);
      throw error;
    } finally {
      settle.resolve();
    }
    // The row goes only after the running jobs have finished; a lock left by a failed completion goes with it.
    await liveness.stop({ deregister: true });
  };
  return {
    processId: liveness.processId,
    stop: () => (stopped ??= stop().finally(() => pgPool.end())),
    done,
    identity: () => ({ processId: liveness.processId, queueWorkerIds: liveness.queueWorkerIds() }),
    lastHeartbeatAt: () => liveness.lastHeartbeatAt(),
  };
}

async function releasePrevious(pgPool: pg.Pool, previous: RunnerIdentity, log: JobLog): Promise<void> {
  const jobIds = await releaseWorkerProcess(pgPool, previous.processId, previous.queueWorkerIds);
  if (jobIds.length > 0) log('warn', 'unlocked the jobs of the job runner this one replaces', { processId: previous.processId, jobIds });
}

function startGraphileRunner(options: JobRunnerOptions, taskList: TaskList, pgPool: pg.Pool, liveness: WorkerLiveness): Promise<Runner> {
  return run({
    pgPool,
    concurrency: options.concurrency,
    ...(options.pollIntervalMs ? { pollInterval: options.pollIntervalMs } : {}),
    taskList,
    ...(options.forbiddenFlags ? { forbiddenFlags: options.forbiddenFlags } : {}),
    // Scheduled work is jobs with a run_at; only upkeep of no change recurs (the caller's crontab).
    // A list, even empty, also keeps graphile-worker from reading a `crontab` file in the working directory.
    parsedCronItems: parseCrontab(options.crontab ?? ''),
    // The app owns SIGTERM/SIGINT and calls stop() in its own shutdown order.
    noHandleSignals: true,
    // Unbatched (the default, -1), graphile-worker 0.18 records a finished job without
    // waiting for it, and stop() closes the pool first: a job that finishes during a
    // graceful stop stays locked (re-run about 4 h later: a second e-mail). Batching
    // with no delay makes stop() wait for those writes (test: send-mail.spec.ts).
    preset: {
      worker: {
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
        ...(options.localQueueSize && options.localQueueSize > 1 ? { localQueue: { size: options.localQueueSize } } : {}),
      },
      // A worker takes no job before its ids are in worker_processes: a crash right after the
      // first claim must still leave a row that names the lock.
      plugins: [{ name: 'TesseraWorkerLiveness', version: '1.0.0', worker: { hooks: { startWorker: (_ctx, { worker }) => liveness.register(worker.workerPool, worker.workerId) } } }],
    },
    // The scope names the job; its `job` meta would put whole payloads (addresses, mail text) in the log.
    logger: new Logger((scope) => (level, message, meta) => {
      const { job: _job, ...rest } = meta ?? {};
      options.log(level === 'warning' ? 'warn' : level, message, { ...scope, ...rest });
    }),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
