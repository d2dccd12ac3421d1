/**
 * Request-rate windows (REFERENCE.md "REST conventions"; SPEC.md GraphQL limits),
 * e.g. 3600 requests per hour and 20 per 2 seconds, per user; the values come
 * from each app's configuration. Each call counts in every window, in one round
 * trip to the store; the call is refused when any window is exhausted. The
 * headers report the first (long) window, as clients budget against it;
 * Retry-After names the wait of whichever window refused.
 */
import type { StoreHandle } from './rate-limit-store.js';
import type { WindowCount, WindowCounter, WindowHit } from './window-counter.js';

export interface RateWindow {
  points: number;
  durationSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** UTC epoch seconds when the reported window resets. */
  resetAt: number;
  /** Whole seconds to wait; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RequestRateLimiter {
  consume(key: string): Promise<RateDecision>;
}

export function createRequestRateLimiter(
  store: StoreHandle,
  options: { name: string; windows: readonly RateWindow[] },
): RequestRateLimiter {
  const windows = [...options.windows];
  if (windows.length === 0) throw new Error('at least one rate window is required');
  for (const window of windows) assertWindow(window);

  const count = coalescedHits(store.counter);
  return {
    async consume(key) {
      const counts = await count(key, windows.map((window, index) => ({ key: `${options.name}:${index}:${key}`, durationSeconds: window.durationSeconds })));
      return decide(windows, counts, Date.now());
    },
  };
}

interface Waiting {
  resolve: (counts: WindowCount[]) => void;
  reject: (error: unknown) => void;
}

/**
 * One caller's calls that arrive while a round trip for that caller is out go
 * together in the next one, counted as that many calls: a busy caller's calls
 * no longer queue one by one on the same counter rows, and counts stay exact
 * (the store adds n for n calls). Each call gets the count it would have had
 * alone: the i-th of a batch of n sees total - (n - 1 - i).
 */
function coalescedHits(counter: WindowCounter): (caller: string, hits: WindowHit[]) => Promise<WindowCount[]> {
  const queues = new Map<string, Waiting[]>();

  async function drain(caller: string, queue: Waiting[], hits: WindowHit[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0);
      try {
        const totals = await counter.hit(hits, batch.length);
        batch.forEach((call, i) => call.resolve(totals.map((total) => ({ count: total.count - (batch.length - 1 - i), msBeforeReset: total.msBeforeReset }))));
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    queues.delete(caller);
  }

  return (caller, hits) =>
    new Promise<WindowCount[]>((resolve, reject) => {
      const running = queues.get(caller);
      if (running) {
        running.push({ resolve, reject });
        return;
      }
      const queue: Waiting[] = [{ resolve, reject }];
      queues.set(caller, queue);
      void drain(caller, queue, hits);
    });
}

/**
 * - A window refuses once its count passes its points; refused calls still
 *   count, so hammering a spent window does not earn calls back.
 * - limit, remaining and resetAt describe the first window.
 * - Retry-After is the longest wait among the windows that refused, at least 1 s.
 */
export function decide(windows: readonly RateWindow[], counts: readonly WindowCount[], nowMs: number): RateDecision {
  const reported = counts[0];
  if (!reported || counts.length !== windows.length) throw new Error('the counter store answered for the wrong number of windows');
  const refusedBy = counts.filter((count, index) => count.count > windows[index]!.points);
  const waitMs = Math.max(0, ...refusedBy.map((count) => count.msBeforeReset));
  return {
    allowed: refusedBy.length === 0,
    limit: windows[0]!.points,
    remaining: Math.max(0, windows[0]!.points - reported.count),
    resetAt: Math.ceil((nowMs + reported.msBeforeReset) / 1000),
    retryAfterSeconds: refusedBy.length === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000)),
  };
}

function assertWindow({ points, durationSeconds }: RateWindow): void {
  if (!Number.isInteger(points) || points < 1) throw new Error(`rate window points must be a positive integer, got ${points}`);
  if (!Number.isInteger(durationSeconds) || durationSeconds < 1) {
    throw new Error(`rate window duration must be a positive whole number of seconds, got ${durationSeconds}`);
  }
}
