/**
 * The ScssCompiler of the api (libs/domain/src/ui-extensions/scss-compiler.ts): a
 * small pool of child processes, each running SCSS_CHILD_PROGRAM, so that a
 * tenant's stylesheet never runs on the event loop that answers everyone else.
 *
 * Processes, not worker threads: a worker's `resourceLimits` do not hold for a
 * stylesheet that doubles a string until it is flattened, which ends in a
 * fatal out-of-memory of the whole process; a child with
 * `--max-old-space-size` only takes itself down. The children get an empty
 * environment (no secrets near tenant code) and load sass once.
 *
 * Limits (config.ts, docs/decisions/023-scss-compile-pool.md):
 * - time: a compile still running after `timeLimitMs` has its process killed
 *   and is a time-limit outcome; the next compile starts a fresh process;
 * - memory: a process that dies of its heap limit is a memory-limit outcome
 *   (any other death during a compile is `crashed`: a 422 too);
 * - queue: compiles wait for a free process in a queue of at most `queueMax`;
 *   beyond it the answer is `busy` (503 with Retry-After), rather than letting
 *   one tenant line up hostile compiles that hold requests open for minutes.
 *   A queued compile waits at most ceil(queueMax / poolSize) time limits.
 * Processes start on the first compile and stay; `close` ends them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { ScssCompileOutcome, ScssCompiler } from '@tessera/domain';
import { SCSS_CHILD_PROGRAM } from './scss-child-program.js';

export interface ScssLimits {
  timeLimitMs: number;
  memoryLimitMb: number;
  poolSize: number;
  queueMax: number;
}

export interface ScssPool extends ScssCompiler {
  /** Ends every process; compiles still queued or running fail. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  scss: string;
  settle(outcome: ScssCompileOutcome | Error): void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** The end of the child's stderr: V8 says there when it ran out of heap. */
  stderr: string;
}

const OUT_OF_HEAP = /heap out of memory|Reached heap limit/;

export function createScssPool(limits: ScssLimits): ScssPool {
  const sassPath = createRequire(import.meta.url).resolve('sass');
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawnSlot(): void {
    const child = spawn(process.execPath, [`--max-old-space-size=${limits.memoryLimitMb}`, '-e', SCSS_CHILD_PROGRAM, sassPath], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: {},
    });
    const slot: Slot = { child, ready: false, job: null, timer: null, stderr: '' };
    slots.push(slot);
    // An idle compiler is no reason for the process to stay: only a start (the IPC channel, until
    // `ready`) and a compile (its time-limit timer) keep it alive.
    child.unref();
    (child.stderr as Socket | null)?.unref();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      slot.stderr = (slot.stderr + chunk).slice(-4096);
    });
    child.on('message', (message: { ready?: true; id?: number; outcome?: ScssCompileOutcome }) => {
      if (message.ready) {
        slot.ready = true;
        child.channel?.unref();
      } else if (slot.job && message.id === slot.job.id && message.outcome) {
        finish(slot, message.outcome);
      }
      pump();
    });
    child.on('error', () => gone(slot, null));
    // 'close', not 'exit': by then stderr has been read to its end.
    child.on('close', (_code, signal) => gone(slot, signal));
  }

  /** The child ended: by our hand (time limit, close) or its own (heap limit, crash). */
  function gone(slot: Slot, signal: NodeJS.Signals | null): void {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    if (slot.job) {
      // V8 reports a spent heap on stderr, then aborts.
      const outOfHeap = OUT_OF_HEAP.test(slot.stderr) || signal === 'SIGABRT';
      finish(slot, outOfHeap ? { kind: 'memory-limit', limitMb: limits.memoryLimitMb } : { kind: 'crashed' });
    } else if (!slot.ready) {
      // It never started: fail the queue rather than respawn in a loop.
      for (const job of queue.splice(0)) job.settle(new Error(`SCSS compile process did not start: ${slot.stderr.slice(-300)}`));
    }
    pump();
  }

  function finish(slot: Slot, outcome: ScssCompileOutcome | Error): void {
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    slot.timer = null;
    job?.settle(outcome);
  }

  function start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(() => {
      finish(slot, { kind: 'time-limit', limitMs: limits.timeLimitMs });
      const index = slots.indexOf(slot);
      if (index !== -1) slots.splice(index, 1);
      slot.child.kill('SIGKILL');
      pump();
    }, limits.timeLimitMs);
    slot.child.send({ id: job.id, scss: job.scss });
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.ready && !slot.job) start(slot, queue.shift()!);
    }
    // Each process still starting takes one queued compile when it is ready; start more for the rest.
    const starting = slots.filter((slot) => !slot.ready).length;
    for (let waiting = queue.length - starting; waiting > 0 && slots.length < limits.poolSize; waiting--) spawnSlot();
  }

  return {
    compile(scss) {
      if (closed) return Promise.reject(new Error('The SCSS compile pool is closed'));
      // Compiles beyond the processes that could take one now are the queue.
      const running = slots.filter((slot) => slot.job).length;
      if (queue.length >= limits.poolSize - running + limits.queueMax) {
        return Promise.resolve({ kind: 'busy', retryAfterSeconds: Math.ceil(limits.timeLimitMs / 1000) });
      }
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, scss, settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)) });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.settle(new Error('The SCSS compile pool is closed'));
      const exits = slots.map((slot) => new Promise<void>((resolve) => {
        if (slot.child.exitCode !== null || slot.child.signalCode !== null) resolve();
        else slot.child.once('exit', () => resolve());
      }));
      for (const slot of [...slots]) {
        finish(slot, new Error('The SCSS compile pool is closed'));
        // Held until it has exited, so that awaiting close keeps the process alive.
        slot.child.ref();
        slot.child.kill('SIGKILL');
      }
      await Promise.all(exits);
    },
  };
}
