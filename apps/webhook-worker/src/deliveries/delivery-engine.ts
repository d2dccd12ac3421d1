/**
 * The delivery engine of one worker process (decision 024): the undici
 * sender, the batch recorder, the dispatcher, and the LISTEN connection that
 * wakes it. Stopping it stops claiming, lets the sends in flight finish and
 * be recorded, then closes the connections.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { SealingKey, UnitOfWork } from '@tessera/domain';
import type { Logger, Unfinished } from '@tessera/http';
import { listenForDeliveries } from '@tessera/persistence';
import type { DeliveryConfig } from './delivery-config.js';
import type { DeliveryMetrics } from './delivery-metrics.js';
import { startDispatcher, type Dispatcher } from './dispatcher.js';
import { httpSender } from './http-sender.js';
import { outcomeRecorder } from './outcome-recorder.js';
import { WEBHOOK_USER_AGENT } from './user-agent.js';
import { withinDeadline } from '../within-deadline.js';

/**
 * Outcomes wait at most this long for others to share their transaction… A batch costs the same
 * seven statements for one outcome as for sixty-four, each about half a millisecond of this
 * process's CPU, so a longer wait halves the worker's work at steady rates; the wait comes after
 * the message arrived (it delays the record, not the delivery), and a send's slot is free at once.
 */
const FLUSH_MS = 25;
/** …or until this many are waiting. */
const BATCH_SIZE = 64;

export interface DeliveryEngineOptions {
  connectionString: string;
  uow: UnitOfWork;
  delivery: DeliveryConfig;
  sealingKey: SealingKey;
  logger: Logger;
  metrics?: DeliveryMetrics;
}

export interface DeliveryEngine {
  workerId: string;
  /** For the fan-out of this process: its new deliveries go straight to this dispatcher (decision 024, hand-off). */
  handOff: { dispatcher: Pick<Dispatcher, 'reserve'>; leasedBy: string; leaseMs: number };
  /** Stops within `deadlineAt` (Date.now() time; default: the dispatcher's own 15 s) and reports what it left undone. */
  stop(deadlineAt?: number): Promise<Unfinished>;
  /** The `dispatcher` check of /healthz. */
  check(): Promise<void>;
  /** The `recorder` check of /healthz: fails while delivery outcomes cannot be recorded. */
  recorder: { check(): Promise<void> };
}

export function startDeliveryEngine(options: DeliveryEngineOptions): DeliveryEngine {
  const logger = options.logger.child({ component: 'deliveries' });
  const { delivery } = options;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const send = httpSender({ allowedNetworks: delivery.allowedNetworks });
  // A recorded batch frees leases: the dispatcher claims again (the webhooks may be below their cap now).
  let claimAgain = () => undefined as void;
  const recorder = outcomeRecorder({
    uow: options.uow, retry: { baseMs: delivery.retryBaseMs }, flushMs: FLUSH_MS, batchSize: BATCH_SIZE, logger, onRecorded: () => claimAgain(),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  const dispatcher = startDispatcher({
    uow: options.uow,
    attempt: { send, sealingKey: options.sealingKey, userAgent: WEBHOOK_USER_AGENT },
    recorder,
    workerId,
    leaseMs: delivery.leaseMs,
    maxInFlight: delivery.maxInFlight,
    perWebhook: delivery.maxInFlightPerWebhook,
    pollMs: delivery.pollMs,
    logger,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  claimAgain = () => dispatcher.wake();
  const wakeups = listenForDeliveries({
    connectionString: options.connectionString,
    wake: () => dispatcher.wake(),
    lost: (reason) => logger.debug({ reason }, 'delivery wake-ups: listener lost; polling until it is back'),
  });
  logger.info({ workerId, maxInFlight: delivery.maxInFlight, perWebhook: delivery.maxInFlightPerWebhook, leaseMs: delivery.leaseMs, pollMs: delivery.pollMs }, 'delivery dispatcher started');
  let stopped: Promise<Unfinished> | undefined;
  return {
    workerId,
    handOff: { dispatcher, leasedBy: workerId, leaseMs: delivery.leaseMs },
    stop: (deadlineAt) =>
      (stopped ??= (async () => {
        const until = deadlineAt ?? Date.now() + 15_000;
        await withinDeadline(wakeups.close(), until);
        const { sending, unrecorded } = await dispatcher.stop(until);
        // Sends still waiting on their receivers are cut here: their outcomes could not be recorded in time anyway.
        await withinDeadline(send.close(), until);
        if (sending.length > 0 || unrecorded.length > 0) {
          logger.warn(
            { unrecorded: unrecorded.length, deliveryIds: unrecorded.map((o) => o.delivery.id), stillSending: sending.length, sendingIds: sending },
            'delivery outcomes left unrecorded at shutdown; their leases expire and they are sent again',
          );
        }
        return { unrecordedOutcomes: unrecorded.length, unfinishedSends: sending.length };
      })()),
    check: () => dispatcher.check(),
    recorder: { check: () => recorder.check() },
  };
}
