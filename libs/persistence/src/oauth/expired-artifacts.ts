/**
 * Cleanup of `oauth_artifacts` (decision 018). An expired row is already
 * invisible to the adapter, so deleting it never changes an answer; the sweep
 * keeps the table from growing with every login and token.
 *
 * A consumed code is kept until its own expiry (10 minutes), not deleted when
 * consumed: a replay within that time must still find it, consumed, so that
 * oidc-provider revokes the tokens it gave. After expiry it goes like any row.
 */
import type { Database } from '../database.js';

export interface ExpiredArtifactsOptions {
  /** Rows per delete statement (default 1000): short statements, few locks at a time. */
  batchSize?: number;
}

/** Deletes every row past expires_at, batch by batch; returns how many. */
export async function deleteExpiredOAuthArtifacts(db: Database, { batchSize = 1000 }: ExpiredArtifactsOptions = {}): Promise<number> {
  let total = 0;
  for (;;) {
    // Rows locked by a concurrent upsert or consume are skipped: they are in use, the next sweep sees them.
    const { rowCount } = await db.raw<{ rowCount: number | null }>(
      `delete from oauth_artifacts
        where (model, id_hash) in (select model, id_hash from oauth_artifacts where expires_at < now()
                                    order by expires_at limit ? for update skip locked)`,
      [batchSize],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return total;
  }
}

/** The subset of a pino logger the sweeper writes to. */
export interface SweeperLog {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
}

export interface OAuthArtifactSweeperOptions extends ExpiredArtifactsOptions {
  /** Time between the end of one sweep and the start of the next (default 5 minutes). */
  intervalMs?: number;
  log: SweeperLog;
}

export interface OAuthArtifactSweeper {
  /** Stops the timer and waits for a sweep under way, so the pool can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Sweeps at once and then every intervalMs, never two sweeps at a time. Several
 * replicas may each run one: they skip each other's locked rows. A failed sweep
 * is logged and the next one retries. The timer does not keep the process alive.
 */
export function startOAuthArtifactSweeper(db: Database, { intervalMs = 5 * 60_000, batchSize, log }: OAuthArtifactSweeperOptions): OAuthArtifactSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const sweep = async () => {
    try {
      const deleted = await deleteExpiredOAuthArtifacts(db, batchSize === undefined ? {} : { batchSize });
      if (deleted > 0) log.info({ deleted }, 'deleted expired OAuth artifacts');
    } catch (err) {
      log.warn({ err }, 'sweep of expired OAuth artifacts failed; the next one retries');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweep().then(schedule);
    }, intervalMs);
    timer.unref();
  };

  running = sweep().then(schedule);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
