/**
 * Access changes as PostgreSQL announces them (`LISTEN tessera_access`; the
 * triggers of migration 20261122000009 send them at commit), on a connection of
 * its own, outside the pool:
 * - `up` once listening; `down` as soon as the connection fails, ends or stops
 *   answering the heartbeat (a query every `heartbeatMs`), then it reconnects with
 *   a growing delay (at most `maxRetryMs`) and is `up` again;
 * - `exclusive`: only the session holding an advisory lock listens, the others
 *   stand by and try again every `standbyMs` (the Redis relay's single publisher).
 */
import { parseAccessChange } from '@tessera/domain';
import pg from 'pg';
import { ACCESS_CHANNEL } from '../migrations/20261122000009_access_change_notifications.js';
import type { AccessFeed, AccessFeedHandlers, AccessFeedLog } from './access-feed.js';

/** Any fixed bigint; names the relay's lock in pg_locks. */
const RELAY_LOCK_KEY = 7_311_027_001;

export interface PostgresAccessFeedOptions {
  connectionString: string;
  handlers: AccessFeedHandlers;
  log: AccessFeedLog;
  exclusive?: boolean;
  /** Called after each heartbeat the server answered. */
  onHeartbeat?: () => void;
  heartbeatMs?: number;
  maxRetryMs?: number;
  standbyMs?: number;
}

export function listenToAccessChanges(options: PostgresAccessFeedOptions): AccessFeed {
  const { connectionString, handlers, log, exclusive = false, heartbeatMs = 1000, maxRetryMs = 5000, standbyMs = 2000 } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let listening = false;
  let failures = 0;
  let everUp = false;
  let downSince = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const later = (ms: number) => {
    if (!closed) retry = setTimeout(() => void connect(), ms);
  };

  function lost(c: pg.Client, reason: string): void {
    if (client !== c) return;
    client = null;
    clearInterval(heartbeat);
    c.removeAllListeners('notification');
    void c.end().catch(() => undefined);
    if (listening) {
      listening = false;
      downSince = Date.now();
      handlers.down();
      log.warn({ reason }, 'access changes: listener down, every call goes to the database until it is back');
    }
    if (closed) return;
    // Said once, so a deployment where LISTEN cannot work (a transaction pooler) is not silently uncached.
    if (!everUp && failures === 0) log.warn({ reason }, 'access changes: cannot listen yet, every call goes to the database until it can');
    failures++;
    later(Math.min(100 * 2 ** failures, maxRetryMs));
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString, keepAlive: true, query_timeout: heartbeatMs * 2, application_name: 'tessera-access-changes' });
    client = c;
    c.on('error', (error) => lost(c, error.message));
    c.on('end', () => lost(c, 'connection ended'));
    c.on('notification', (message) => {
      if (listening && message.channel === ACCESS_CHANNEL) handlers.change(parseAccessChange(message.payload ?? ''));
    });
    try {
      await c.connect();
      if (exclusive) {
        const { rows } = await c.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [RELAY_LOCK_KEY]);
        if (!rows[0]?.held) {
          client = null;
          c.removeAllListeners();
          c.on('error', () => undefined);
          void c.end().catch(() => undefined);
          return later(standbyMs);
        }
      }
      await c.query(`listen ${ACCESS_CHANNEL}`);
    } catch (error) {
      return lost(c, error instanceof Error ? error.message : String(error));
    }
    if (client !== c || closed) return;
    failures = 0;
    listening = true;
    handlers.up();
    if (everUp) log.info({ downForMs: Date.now() - downSince }, 'access changes: listener reconnected, cache cleared');
    else log.info({ exclusive }, 'access changes: listening');
    everUp = true;
    heartbeat = setInterval(() => {
      c.query('select 1').then(
        () => options.onHeartbeat?.(),
        (error: Error) => lost(c, `heartbeat: ${error.message}`),
      );
    }, heartbeatMs);
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const c = client;
      client = null;
      listening = false;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
