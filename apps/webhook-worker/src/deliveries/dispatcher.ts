/**
 * The delivery dispatcher (decision 024): claims due deliveries with a lease,
 * sends them outside any transaction, many at once, and hands the outcomes to
 * the batch recorder.
 *
 * - Wake-ups: a notification (new deliveries, a redelivery) claims at once; a
 *   poll every `pollMs` finds retries coming due; a finished send claims again
 *   when the last claim left due deliveries behind.
 * - Hand-off: the fan-out of this process reserves room for the deliveries it
 *   is about to insert, inserts them leased to this process, and hands them
 *   over at commit (`reserve`, then `adopt`): no wake-up and no claim between
 *   an event and its first attempt. A reservation counts as a send in flight.
 * - Capacity: at most `maxInFlight` sends; per webhook at most `perWebhook`
 *   live leases over every process (counted in the claim), so one slow or
 *   dead receiver never takes every slot.
 * - Claimed ahead: a claim may take up to `maxInFlight` deliveries more than
 *   there are free slots; they wait here, leased, and start as sends end,
 *   with no round trip to the database in between. While deliveries wait, a
 *   claim is made only once half of that room is free, so claims stay large
 *   (each costs about as much for one row as for sixty). A delivery waiting
 *   here counts against its webhook's cap like one being sent.
 * - A database outage: claims are retried with backoff (250 ms doubling to
 *   2 s), logged once when it starts and once when it ends; `check()` (the
 *   `dispatcher` check of /healthz) fails meanwhile.
 * - stop(): no more claims; the leases of deliveries claimed ahead are given
 *   back; sends in flight finish and are recorded.
 */
import { attemptDelivery, claimDeliveries, releaseDeliveries, type AttemptDependencies, type ClaimedDelivery, type DeliveryOutcome, type UnitOfWork } from '@tessera/domain';
import type { Logger } from '@tessera/http';
import type { DeliveryMetrics } from './delivery-metrics.js';
import type { OutcomeRecorder } from './outcome-recorder.js';
import { withinDeadline } from '../within-deadline.js';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2_000;
/** How long stop() lets the last sends end and be recorded when no deadline is given. */
const DRAIN_MS = 15_000;

export interface DispatcherOptions {
  uow: UnitOfWork;
  attempt: AttemptDependencies;
  recorder: OutcomeRecorder;
  workerId: string;
  leaseMs: number;
  maxInFlight: number;
  perWebhook: number;
  pollMs: number;
  logger: Logger;
  metrics?: DeliveryMetrics;
}

export interface Dispatcher {
  /** Claim now (a notification came). */
  wake(): void;
  /** Room for some of these new deliveries (none while stopping); held until the reservation is adopted or released. */
  reserve(candidates: ReadonlyArray<{ id: string; webhookId: number }>): Reservation;
  /** Stops claiming; sends in flight end and are recorded until `deadlineAt` (Date.now() time); says what was left. */
  stop(deadlineAt?: number): Promise<StopReport>;
  /** Rejects while claims fail (the database is away). */
  check(): Promise<void>;
}

export interface StopReport {
  /** Deliveries still being sent at the deadline. */
  sending: string[];
  /** Outcomes not recorded at the deadline. */
  unrecorded: DeliveryOutcome[];
}

export interface Reservation {
  ids: ReadonlySet<string>;
  /** The reserved deliveries were inserted leased to this process (those not in `claimed` were not new): send them. */
  adopt(claimed: readonly ClaimedDelivery[]): void;
  /** Nothing was inserted (the transaction failed): the room is free again. */
  release(): void;
}

export function startDispatcher(options: DispatcherOptions): Dispatcher {
  const { logger } = options;
  const sending = new Map<string, { webhookId: number; done: Promise<void> }>();
  /** Claimed ahead, leased to this process, waiting for a slot (oldest first). */
  const waiting: ClaimedDelivery[] = [];
  /** Per webhook: deliveries sending, waiting and reserved here (the claim counts them instead of this process's leases). */
  const perWebhook = new Map<number, number>();
  const held = new Set<{ ids: ReadonlySet<string>; settled: Promise<void> }>();
  const ahead = options.maxInFlight;
  let reserved = 0;
  let stopping = false;
  let woken = false;
  let backlog = false;
  let failingSince: number | undefined;
  let wakeLoop: () => void = () => undefined;

  const wake = () => {
    woken = true;
    wakeLoop();
  };

  const hold = (webhookId: number) => perWebhook.set(webhookId, (perWebhook.get(webhookId) ?? 0) + 1);
  const letGo = (webhookId: number) => {
    const left = (perWebhook.get(webhookId) ?? 1) - 1;
    if (left > 0) perWebhook.set(webhookId, left);
    else perWebhook.delete(webhookId);
  };
  /** Room for claimed deliveries: free slots and the room to wait. */
  const room = () => options.maxInFlight + ahead - sending.size - reserved - waiting.length;

  /** Sends a delivery already counted for its webhook (held). */
  const send = (claimed: ClaimedDelivery) => {
    const webhookId = claimed.webhook.id;
    options.metrics?.inFlight.inc();
    const done = attemptDelivery(claimed, options.attempt)
      .catch((error: unknown): DeliveryOutcome => {
        // A fault of ours (not the receiver's): the attempt fails with it, logged, rather than the lease hanging until it expires.
        logger.error({ err: error, deliveryId: claimed.delivery.id }, 'delivery attempt failed inside the worker');
        return { ...claimed, result: { startedAt: new Date(), durationMs: 0, statusCode: null, error: `internal error: ${(error as Error).message}`, responseExcerpt: null } };
      })
      .then((outcome) => options.recorder.add(outcome))
      .finally(() => {
        sending.delete(claimed.delivery.id);
        letGo(webhookId);
        options.metrics?.inFlight.dec();
        startWaiting();
        if (backlog && (waiting.length === 0 || room() >= ahead / 2)) wake();
      });
    sending.set(claimed.delivery.id, { webhookId, done });
  };

  const startWaiting = () => {
    while (waiting.length > 0 && !stopping && sending.size + reserved < options.maxInFlight) send(waiting.shift()!);
  };

  const reserve = (candidates: ReadonlyArray<{ id: string; webhookId: number }>): Reservation => {
    const ids = new Set<string>();
    const webhooks: number[] = [];
    for (const { id, webhookId } of candidates) {
      if (stopping || sending.size + reserved + waiting.length >= options.maxInFlight) break;
      if ((perWebhook.get(webhookId) ?? 0) >= options.perWebhook) continue;
      ids.add(id);
      webhooks.push(webhookId);
      hold(webhookId);
      reserved++;
    }
    let settle = () => undefined as void;
    const entry = { ids, settled: new Promise<void>((resolve) => (settle = resolve)) };
    let open = ids.size > 0;
    if (open) held.add(entry);
    const free = () => {
      if (!open) return false;
      open = false;
      for (const webhookId of webhooks) letGo(webhookId);
      reserved -= webhooks.length;
      held.delete(entry);
      settle();
      return true;
    };
    return {
      ids,
      adopt(claimed) {
        if (!free()) return;
        for (const each of claimed) {
          hold(each.webhook.id);
          send(each);
        }
        // Reserved deliveries that were not new (a fan-out run again) leave room behind.
        if (claimed.length < ids.size) wake();
      },
      release() {
        if (free()) wake();
      },
    };
  };

  const claim = async (): Promise<void> => {
    const free = room();
    // While deliveries wait here, a small claim would only add a round trip: wait for half the room.
    if (free <= 0 || (waiting.length > 0 && free < ahead / 2)) {
      backlog = true;
      return;
    }
    const inFlight = [...perWebhook].map(([webhookId, count]) => ({ webhookId, count }));
    const { claimed, capped } = await claimDeliveries(options.uow.repositories, {
      leasedBy: options.workerId,
      leaseMs: options.leaseMs,
      limit: free,
      perWebhook: options.perWebhook,
      inFlight,
    });
    // Due deliveries may be left behind (room ran out, or webhooks are at their cap): a send that ends claims again.
    backlog = claimed.length === free || capped.length > 0 || inFlight.some((h) => h.count >= options.perWebhook);
    for (const each of claimed) {
      hold(each.webhook.id);
      waiting.push(each);
    }
    startWaiting();
    if (stopping) await giveBack();
    else if (claimed.length === free && room() >= ahead / 2) woken = true;
  };

  /** The leases of deliveries claimed ahead and not started go back (stopping); a lease that cannot be given back expires. */
  const giveBack = async () => {
    const left = waiting.splice(0);
    for (const each of left) letGo(each.webhook.id);
    if (left.length === 0) return;
    try {
      await releaseDeliveries(options.uow.repositories, left.map((each) => each.lease));
    } catch (error) {
      logger.warn({ error: firstLine(error), deliveries: left.length }, 'delivery leases not given back at stop; they expire');
    }
  };

  const loop = async () => {
    let retryMs = FIRST_RETRY_MS;
    while (!stopping) {
      woken = false;
      try {
        await claim();
        if (failingSince !== undefined) {
          logger.info({ downMs: Date.now() - failingSince }, 'delivery dispatcher claiming again');
          failingSince = undefined;
        }
        retryMs = FIRST_RETRY_MS;
      } catch (error) {
        if (failingSince === undefined) {
          failingSince = Date.now();
          // The message alone: a failed claim's error carries the whole statement.
          logger.error({ error: firstLine(error) }, 'delivery dispatcher cannot claim deliveries; retrying');
        } else logger.debug({ error: firstLine(error) }, 'delivery dispatcher still cannot claim');
        // Not cut short by wake-ups: sends ending during an outage must not turn the backoff into a busy loop.
        await new Promise((resolve) => setTimeout(resolve, retryMs));
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        continue;
      }
      if (!woken && !stopping) await pause(options.pollMs);
    }
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeLoop = () => undefined;
        resolve();
      }
      wakeLoop = done;
      if (woken || stopping) done();
    });

  const running = loop();
  return {
    wake,
    reserve,
    async stop(deadlineAt = Date.now() + DRAIN_MS) {
      stopping = true;
      wakeLoop();
      // Every step within the one deadline (issue 30 item 3): a claim backing off, leases that cannot
      // be given back, a send waiting on its receiver or outcomes on the database do not stretch it.
      await withinDeadline(running, deadlineAt);
      await withinDeadline(giveBack(), deadlineAt);
      // A fan-out transaction in flight hands its deliveries over (or releases them) at its end.
      await withinDeadline(Promise.all([...held].map((h) => h.settled)), deadlineAt);
      await withinDeadline(Promise.allSettled([...sending.values()].map((s) => s.done)), deadlineAt);
      await options.recorder.drain(Math.max(0, deadlineAt - Date.now()));
      return { sending: [...sending.keys()], unrecorded: options.recorder.unrecorded() };
    },
    async check() {
      if (failingSince !== undefined) throw new Error('the delivery dispatcher cannot claim deliveries');
    },
  };
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // pg puts the statement before the reason: "<sql> - <reason>".
  return message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : message.split('\n')[0]!;
}
