/**
 * Wake-ups of the delivery dispatchers (decision 024): whatever makes a
 * delivery due now (the fan-out, a test message, a redelivery) sends
 * `NOTIFY tessera_deliveries` in its transaction; PostgreSQL delivers it at
 * commit, so a dispatcher claims at once instead of at its next poll.
 * Notifications of one transaction with the same payload arrive once.
 */
import pg from 'pg';
import type { Database } from '../database.js';

export const DELIVERY_CHANNEL = 'tessera_deliveries';

/** In the caller's transaction: the dispatchers wake when it commits. */
export async function notifyDispatchers(db: Database): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [DELIVERY_CHANNEL, '']);
}

export interface DeliveryWakeups {
  close(): Promise<void>;
}

export interface DeliveryWakeupOptions {
  connectionString: string;
  /** A notification came. */
  wake(): void;
  /** The listening connection failed; it reconnects by itself (the dispatcher's poll covers the gap). */
  lost(reason: string): void;
  maxRetryMs?: number;
}

/** LISTENs on a connection of its own, outside the pools, reconnecting with a growing delay when it fails. */
export function listenForDeliveries(options: DeliveryWakeupOptions): DeliveryWakeups {
  const maxRetryMs = options.maxRetryMs ?? 2_000;
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client, reason: string) => {
    if (client !== c) return;
    client = null;
    c.removeAllListeners('notification');
    void c.end().catch(() => undefined);
    if (closed) return;
    options.lost(reason);
    failures++;
    retry = setTimeout(() => void connect(), Math.min(100 * 2 ** failures, maxRetryMs));
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString: options.connectionString, keepAlive: true, application_name: 'tessera-delivery-wakeups' });
    client = c;
    c.on('error', (error) => lost(c, error.message));
    c.on('end', () => lost(c, 'connection ended'));
    c.on('notification', (message) => {
      if (message.channel === DELIVERY_CHANNEL) options.wake();
    });
    try {
      await c.connect();
      await c.query(`listen ${DELIVERY_CHANNEL}`);
    } catch (error) {
      return lost(c, error instanceof Error ? error.message : String(error));
    }
    if (client !== c || closed) return;
    failures = 0;
    // Deliveries that became due while nobody listened are found now, not at the next poll.
    options.wake();
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
