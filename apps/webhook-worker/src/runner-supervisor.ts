/**
 * Issue 19, "never stall, never lie": a job runner that stops without being
 * asked (a pool error, a lost connection, a failed completion) is replaced in
 * this process, with backoff while the database is away, and /healthz says 503
 * for as long as no runner runs or its heartbeat is stale (decision 017).
 *
 * The replacement first frees the jobs its predecessor still had locked, so they
 * run again at once rather than after dead-after or graphile-worker's 4 hours.
 */
import type { Logger } from '@tessera/http';
import type { JobRunner, RunnerIdentity } from '@tessera/persistence';

/** The first retry comes soon (a blip); later ones at most this far apart, so delivery resumes within seconds of the database's return. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2_000;

export interface SupervisedRunner {
  /** Stops the running runner (its jobs finish first), or the restarts while there is none. */
  stop(): Promise<void>;
  /** The `runner` check of /healthz: rejects while no runner runs or its heartbeat is older than `staleAfterMs`. */
  check(): Promise<void>;
}

export interface SupervisorOptions {
  /** Starts a runner; `releaseFirst` is the one that stopped, whose locks the new one frees before it claims a job. */
  start(releaseFirst?: RunnerIdentity): Promise<JobRunner>;
  /** A heartbeat older than this is stale: the other processes count this one dead (WORKER_DEAD_AFTER_MS). */
  staleAfterMs: number;
  logger: Logger;
}

export async function superviseJobRunner(options: SupervisorOptions): Promise<SupervisedRunner> {
  const { logger } = options;
  let current: JobRunner | undefined = await options.start();
  let stopping = false;
  let wake: () => void = () => undefined;

  const restart = async (stopped: JobRunner, error: unknown) => {
    current = undefined;
    const downSince = Date.now();
    // Once when the outage starts and once when it ends: a database down for minutes is not a log line per retry.
    logger.error({ err: error }, 'job runner stopped on its own; restarting it');
    let delay = FIRST_RETRY_MS;
    for (let attempt = 1; !stopping; attempt++) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => (clearTimeout(timer), resolve());
      });
      if (stopping) return;
      try {
        const next = await options.start(stopped.identity());
        if (stopping) return void (await next.stop());
        logger.info({ attempts: attempt, downMs: Date.now() - downSince }, 'job runner running again');
        return watch(next);
      } catch (startError) {
        logger.debug({ err: startError, attempt }, 'job runner could not start yet');
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    }
  };
  let startedAt = Date.now();
  const watch = (runner: JobRunner) => {
    current = runner;
    startedAt = Date.now();
    runner.done.catch((error: unknown) => (stopping ? undefined : restart(runner, error)));
  };
  watch(current);

  return {
    async stop() {
      stopping = true;
      wake();
      await current?.stop();
    },
    async check() {
      if (!current) throw new Error('no job runner is running');
      // Before its first heartbeat a runner counts from its start.
      if (Date.now() - (current.lastHeartbeatAt() ?? startedAt) > options.staleAfterMs) throw new Error('the job runner heartbeat is stale');
    },
  };
}
