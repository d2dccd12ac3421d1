/**
 * Outcomes are recorded in batches (decision 024): an outcome waits at most
 * `flushMs` (or until `batchSize` are waiting) and then goes with the others
 * into one write. An outcome applies by its lease token: one whose lease
 * expired and was claimed again meanwhile is dropped (the newer holder's result
 * wins), counted and logged.
 *
 * Two kinds of failure (issue 30 item 1):
 * - The database is away (`isDatabaseUnreachable`): the batch is kept and
 *   retried with backoff, logged once each way; `check()` fails meanwhile.
 * - Anything else is about some outcome of the batch, not the database: the
 *   batch is split in halves and each tried again, down to the one outcome that
 *   cannot be written, which is logged and parked (dropped here: its lease
 *   expires and the delivery is sent again). It never holds up the others.
 *
 * `check()` (the `recorder` check of /healthz) also fails while one write has
 * run longer than `STALLED_MS` (a statement waiting on a lock, a hung
 * connection): outcomes that cannot be recorded are never "ok".
 */
import { recordDeliveryOutcomes, type DeliveryOutcome, type RecordingDependencies } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import { isDatabaseUnreachable } from '@tessera/persistence';
import type { DeliveryMetrics } from './delivery-metrics.js';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2_000;
/** A batch is written in milliseconds; one still running after this is stuck. */
const STALLED_MS = 10_000;

export interface OutcomeRecorder {
  add(outcome: DeliveryOutcome): void;
  /** Records everything waiting; resolves when nothing is left (or `deadlineMs` has passed). */
  drain(deadlineMs: number): Promise<void>;
  /** The outcomes not recorded yet: waiting, or in the write under way. */
  unrecorded(): DeliveryOutcome[];
  /** Rejects while outcomes cannot be recorded. */
  check(): Promise<void>;
}

export interface RecorderOptions extends RecordingDependencies {
  flushMs: number;
  batchSize: number;
  logger: Logger;
  metrics?: DeliveryMetrics;
  /** After each batch written: its leases are free, so their webhooks may be below their cap again. */
  onRecorded?: () => void;
}

export function outcomeRecorder(options: RecorderOptions): OutcomeRecorder {
  const { logger } = options;
  const waiting: DeliveryOutcome[] = [];
  /** The batch being written, as the parts still to write (a batch split after an error is several). */
  let parts: DeliveryOutcome[][] = [];
  let writingSince: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let failingSince: number | undefined;
  let retryMs = FIRST_RETRY_MS;

  const schedule = (ms: number) => {
    if (timer || flushing) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
  };

  const report = ({ recorded, lost }: Awaited<ReturnType<typeof recordDeliveryOutcomes>>) => {
    for (const { outcome, status } of recorded) {
      const result = status === 'pending' ? 'retrying' : status;
      options.metrics?.outcomes.inc({ result });
      const line = { deliveryId: outcome.delivery.id, accountId: outcome.delivery.account_id, webhookId: outcome.webhook.id, outcome: result, error: outcome.result?.error ?? undefined };
      if (result === 'delivered') logger.debug(line, 'webhook delivery attempt');
      else logger.info(line, 'webhook delivery attempt');
    }
    options.onRecorded?.();
    for (const outcome of lost) {
      options.metrics?.outcomes.inc({ result: 'lost' });
      logger.warn({ deliveryId: outcome.delivery.id, webhookId: outcome.webhook.id }, 'delivery lease lost before its outcome was recorded; the newer holder records its own');
    }
  };

  const park = (outcome: DeliveryOutcome, error: unknown) => {
    options.metrics?.outcomes.inc({ result: 'unrecorded' });
    logger.error(
      { err: error, deliveryId: outcome.delivery.id, accountId: outcome.delivery.account_id, webhookId: outcome.webhook.id, statusCode: outcome.result?.statusCode },
      'delivery outcome cannot be recorded; parked (its lease expires and the delivery is sent again)',
    );
  };

  /** Writes `parts` one after another; an outage puts what is left back in front of the queue and throws. */
  const write = async () => {
    while (parts.length > 0) {
      const part = parts[0]!;
      try {
        report(await recordDeliveryOutcomes(part, options));
        parts.shift();
      } catch (error) {
        if (isDatabaseUnreachable(error)) {
          waiting.unshift(...parts.flat());
          parts = [];
          throw error;
        }
        parts.shift();
        if (part.length === 1) park(part[0]!, error);
        else parts.unshift(part.slice(0, Math.ceil(part.length / 2)), part.slice(Math.ceil(part.length / 2)));
      }
    }
  };

  const flush = (): Promise<void> =>
    (flushing ??= (async () => {
      while (waiting.length > 0) {
        parts = [waiting.splice(0, options.batchSize)];
        writingSince = Date.now();
        try {
          await write();
          if (failingSince !== undefined) {
            logger.info({ downMs: Date.now() - failingSince }, 'delivery outcomes recorded again');
            failingSince = undefined;
            retryMs = FIRST_RETRY_MS;
          }
        } catch (error) {
          if (failingSince === undefined) {
            failingSince = Date.now();
            logger.error({ err: error, waiting: waiting.length }, 'cannot record delivery outcomes; retrying');
          } else logger.debug({ err: error }, 'delivery outcomes still cannot be recorded');
          writingSince = undefined;
          await new Promise((resolve) => setTimeout(resolve, retryMs));
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        } finally {
          writingSince = undefined;
        }
      }
    })().finally(() => {
      flushing = undefined;
      if (waiting.length > 0) schedule(0);
    }));

  return {
    add(outcome) {
      waiting.push(outcome);
      if (waiting.length >= options.batchSize) {
        clearTimeout(timer);
        timer = undefined;
        void flush();
      } else schedule(options.flushMs);
    },
    async drain(deadlineMs) {
      clearTimeout(timer);
      timer = undefined;
      const deadline = Date.now() + deadlineMs;
      while ((waiting.length > 0 || flushing) && Date.now() < deadline) {
        await Promise.race([flush(), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
      }
    },
    unrecorded: () => [...parts.flat(), ...waiting],
    async check() {
      if (failingSince !== undefined) throw new Error('delivery outcomes cannot be recorded: the database is unreachable');
      if (writingSince !== undefined && Date.now() - writingSince > STALLED_MS) throw new Error('delivery outcomes cannot be recorded: a write is stuck');
    },
  };
}
