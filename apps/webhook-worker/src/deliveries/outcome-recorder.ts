/**
 * Outcomes are recorded in batches (decision 024): an outcome waits at most
 * `flushMs` (or until `batchSize` are waiting) and then goes with the others
 * into one transaction. While the database is away the batch is kept and
 * retried with backoff; an outcome whose lease expired meanwhile is dropped
 * when recorded (the newer holder's result wins) and logged.
 */
import { recordDeliveryOutcomes, type DeliveryOutcome, type RecordingDependencies } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { DeliveryMetrics } from './delivery-metrics.js';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2_000;

export interface OutcomeRecorder {
  add(outcome: DeliveryOutcome): void;
  /** Records everything waiting; resolves when nothing is left (or `deadlineMs` has passed). */
  drain(deadlineMs: number): Promise<void>;
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

  const flush = (): Promise<void> =>
    (flushing ??= (async () => {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, options.batchSize);
        try {
          const { recorded, lost } = await recordDeliveryOutcomes(batch, options);
          if (failingSince !== undefined) {
            logger.info({ downMs: Date.now() - failingSince }, 'delivery outcomes recorded again');
            failingSince = undefined;
            retryMs = FIRST_RETRY_MS;
          }
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
        } catch (error) {
          waiting.unshift(...batch);
          if (failingSince === undefined) {
            failingSince = Date.now();
            logger.error({ err: error, waiting: waiting.length }, 'cannot record delivery outcomes; retrying');
          } else logger.debug({ err: error }, 'delivery outcomes still cannot be recorded');
          await new Promise((resolve) => setTimeout(resolve, retryMs));
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
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
  };
}
