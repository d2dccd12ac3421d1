/**
 * The consuming side of the job queue. graphile-worker stays behind this file
 * (the module-boundary lint keeps SQL packages, graphile-worker among them, out
 * of the apps), so an app hands in plain handlers and a log sink.
 *
 * A runner claims only jobs whose task is one of `tasks` (graphile-worker's
 * get_jobs filters on `task_id = any(<ids of the task list>)`): jobs of other
 * tasks stay queued, untouched, for whichever worker handles them.
 */
import { Logger, run, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { createWorkerLiveness, resolveLivenessTimings, type LivenessTimings } from './worker-liveness.js';

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
  log: JobLog;
}

export interface JobRunner {
  /** This runner's row in `worker_processes`. */
  processId: string;
  /** Stops taking jobs, lets running ones finish (graphile-worker's graceful shutdown), closes its pool. */
  stop(): Promise<void>;
  /** Settles when the runner ends; rejects when it ended on an error it could not recover from. */
  done: Promise<void>;
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
  const liveness = createWorkerLiveness(pgPool, timings, options.log);
  const runner = await run({
    pgPool,
    concurrency: options.concurrency,
    ...(options.pollIntervalMs ? { pollInterval: options.pollIntervalMs } : {}),
    taskList,
    // No cron: scheduled work is jobs with a run_at. An empty list also keeps graphile-worker
    // from reading a `crontab` file in the working directory.
    parsedCronItems: [],
    // The app owns SIGTERM/SIGINT and calls stop() in its own shutdown order.
    noHandleSignals: true,
    // Unbatched (the default, -1), graphile-worker 0.18 records a finished job without
    // waiting for it, and stop() closes the pool first: a job that finishes during a
    // graceful stop stays locked (re-run about 4 h later: a second e-mail). Batching
    // with no delay makes stop() wait for those writes (test: send-mail.spec.ts).
    preset: {
      worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 },
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
  liveness.start();
  let stopping = false;
  // A runner that ended on its own may still hold locks: it stops beating and leaves its row,
  // so the other runners free its jobs after dead-after.
  runner.promise.finally(() => stopping || liveness.stop({ deregister: false })).catch(() => undefined);
  let stopped: Promise<void> | undefined;
  return {
    processId: liveness.processId,
    // The row goes only after the running jobs have finished and their locks are gone.
    stop: () => {
      stopping = true;
      return (stopped ??= runner.stop()
        .then(() => liveness.stop({ deregister: true }), async (error: unknown) => {
          await liveness.stop({ deregister: false });
          throw error;
        })
        .finally(() => pgPool.end()));
    },
    done: runner.promise,
  };
}
