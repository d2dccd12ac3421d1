/**
 * Starts the deliveries benchmark's sink where BENCH_SINK says: `child` (the
 * default) in a process of its own, `inline` in the bench process. Both give
 * the same asynchronous handle.
 */
import { fork } from 'node:child_process';
import type { SinkMode } from './bench-options.js';
import type { SinkStats } from './webhook-sink.js';
import { startWebhookSink } from './webhook-sink.js';

export interface SinkHandle {
  url: string;
  mode: SinkMode;
  reset(): Promise<void>;
  stats(options?: { arrivals: boolean }): Promise<SinkStats>;
  close(): Promise<void>;
}

/** How to run the sink's child entry: node arguments and the entry file (runtime.ts). */
export interface SinkEntry {
  execArgv: string[];
  file: string;
}

export async function startSink(mode: SinkMode, entry: SinkEntry): Promise<SinkHandle> {
  if (mode === 'inline') {
    const sink = await startWebhookSink();
    return { url: sink.url, mode, reset: async () => sink.reset(), stats: async (options) => sink.stats(options), close: () => sink.close() };
  }
  const child = fork(entry.file, [], { execArgv: entry.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, (result: unknown) => void>();
  let nextId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the webhook sink exited with code ${code} before it was ready`)));
    child.on('message', (message: { ready?: string; id?: number; result?: unknown }) => {
      if (message.ready) return resolve(message.ready);
      if (message.id !== undefined) {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
    });
  });
  const ask = <T>(op: string, extra: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve as (result: unknown) => void);
      child.send({ id, op, ...extra });
    });
  return {
    url,
    mode,
    reset: () => ask<void>('reset'),
    stats: (options = { arrivals: true }) => ask<SinkStats>('stats', options),
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask<void>('close');
      await exited;
    },
  };
}
