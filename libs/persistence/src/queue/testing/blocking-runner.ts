/**
 * A job runner in a process of its own, for the liveness tests: its `block` task
 * never finishes, so the job stays locked until the test kills this process
 * (SIGKILL: no graceful stop, no cleanup, exactly like a crash).
 * Run: node --import tsx blocking-runner.ts, with DATABASE_URL, HEARTBEAT_MS, DEAD_AFTER_MS.
 * Prints one JSON line per event on stdout.
 */
import { startJobRunner } from '../job-runner.js';

const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const runner = await startJobRunner({
  connectionString: process.env['DATABASE_URL']!,
  concurrency: 1,
  pollIntervalMs: 200,
  liveness: { heartbeatMs: Number(process.env['HEARTBEAT_MS']), deadAfterMs: Number(process.env['DEAD_AFTER_MS']) },
  tasks: {
    block: async (_payload, job) => {
      say({ started: job.id });
      await new Promise(() => undefined);
    },
  },
  log: () => undefined,
});
say({ ready: runner.processId });
