/**
 * Batched fan-out (decision 024): the `webhook-event` jobs the work lane runs
 * at the same moment fan out together, in two statements. A job's event waits for the batch
 * in flight to end (or for the next turn of the event loop when none is), then
 * goes with every other event waiting, at most `maxBatch` at a time.
 *
 * The deliveries this process has room for are handed to its dispatcher
 * leased (no wake-up, no claim); the rest wake every dispatcher at commit.
 * A batch that fails fails each of its jobs: the queue retries them, and the
 * delivery ids derived from the job ids make the retry add only what is missing.
 */
import { fanOutWebhookEvents, type FanOutEvent, type FannedOut, type UnitOfWork } from '@tessera/domain';
import type { Dispatcher } from './dispatcher.js';

export interface FanOutBatcherOptions {
  uow: UnitOfWork;
  apiUrl: string;
  maxBatch: number;
  /** The hand-off to this process's dispatcher; without it every delivery waits for a claim. */
  handOff?: { dispatcher: Pick<Dispatcher, 'reserve'>; leasedBy: string; leaseMs: number };
}

export interface FanOutBatcher {
  fanOut(event: FanOutEvent): Promise<FannedOut>;
}

interface Waiting {
  event: FanOutEvent;
  resolve(result: FannedOut): void;
  reject(error: unknown): void;
}

export function fanOutBatcher(options: FanOutBatcherOptions): FanOutBatcher {
  const waiting: Waiting[] = [];
  let running = false;

  const runBatch = async (batch: Waiting[]) => {
    let reservation: ReturnType<Dispatcher['reserve']> | undefined;
    const handOff = options.handOff;
    const lease = handOff && {
      leasedBy: handOff.leasedBy,
      leaseMs: handOff.leaseMs,
      pick: (candidates: ReadonlyArray<{ id: string; webhookId: number }>) => {
        reservation?.release();
        reservation = handOff.dispatcher.reserve(candidates);
        return reservation.ids;
      },
    };
    try {
      const { results, handedOff } = await fanOutWebhookEvents(batch.map((w) => w.event), { apiUrl: options.apiUrl, ...(lease ? { lease } : {}) }, options.uow);
      reservation?.adopt(handedOff);
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      reservation?.release();
      for (const w of batch) w.reject(error);
    }
  };

  const drain = async () => {
    running = true;
    try {
      while (waiting.length > 0) await runBatch(waiting.splice(0, options.maxBatch));
    } finally {
      running = false;
    }
  };

  return {
    fanOut(event) {
      return new Promise<FannedOut>((resolve, reject) => {
        waiting.push({ event, resolve, reject });
        // The jobs started in this turn of the event loop join the same batch.
        if (!running && waiting.length === 1) setImmediate(() => void drain());
      });
    },
  };
}
