/**
 * The `worker_processes` table: one row per running job runner, naming the
 * graphile-worker ids its locks carry. Every time here is the database's clock
 * (`now()`), so runners on hosts whose clocks disagree still agree on who is dead.
 */
import type pg from 'pg';
import { DELIVERY_CHANNEL } from '../webhook-deliveries/delivery-wakeups.js';
import { RELEASE } from '../webhook-deliveries/delivery-outcomes.js';
import { QUEUE_SCHEMA } from './queue-schema.js';

export interface WorkerProcessIdentity {
  id: string;
  hostname: string;
  pid: number;
  /** The id this process's delivery leases carry (`webhook_delivery_queue.leased_by`), if it delivers. */
  leaseHolder?: string;
}

/** Inserts the row, or refreshes it: `seen_at` from the database clock and the ids the runner holds now. */
export async function saveWorkerProcess(db: pg.Pool, process: WorkerProcessIdentity, queueWorkerIds: readonly string[]): Promise<void> {
  await db.query(
    `insert into worker_processes (id, queue_worker_ids, hostname, pid, started_at, seen_at, lease_holder)
     values ($1, $2::text[], $3, $4, now(), now(), $5)
     on conflict (id) do update set queue_worker_ids = excluded.queue_worker_ids, seen_at = now(), lease_holder = excluded.lease_holder`,
    [process.id, queueWorkerIds, process.hostname, process.pid, process.leaseHolder ?? null],
  );
}

export interface DeadWorkerProcess {
  id: string;
  hostname: string;
  pid: number;
  queueWorkerIds: string[];
  seenAt: Date;
}

export interface SweepResult {
  processes: DeadWorkerProcess[];
  /** The ids of the jobs that were locked by those processes and are free to run again. */
  unlockedJobIds: string[];
  /** The deliveries whose leases those processes held, due again for any dispatcher. */
  releasedDeliveries: number;
}

/**
 * Deletes the processes not seen for longer than `deadAfterMs` (never `exceptId`, the caller
 * itself: a runner that is alive enough to sweep is alive) and frees their jobs with
 * graphile-worker's own force_unlock_workers, in one transaction: a second sweeper waits on the
 * row locks and then finds nothing left to do. The NOTIFY wakes every runner at commit, so the
 * freed jobs start at once instead of at the next poll.
 */
export async function sweepDeadWorkerProcesses(db: pg.Pool, deadAfterMs: number, exceptId: string): Promise<SweepResult> {
  return inTransaction(db, async (client) => {
    const dead = await client.query<{ id: string; hostname: string; pid: number; queue_worker_ids: string[]; seen_at: Date; lease_holder: string | null }>(
      `delete from worker_processes
       where seen_at < now() - $1 * interval '1 millisecond' and id <> $2
       returning id, hostname, pid, queue_worker_ids, seen_at, lease_holder`,
      [deadAfterMs, exceptId],
    );
    const unlockedJobIds = await unlockJobsOf(client, dead.rows.flatMap((row) => row.queue_worker_ids));
    const releasedDeliveries = await releaseLeasesOf(client, dead.rows.flatMap((row) => (row.lease_holder ? [row.lease_holder] : [])));
    return {
      processes: dead.rows.map((row) => ({ id: row.id, hostname: row.hostname, pid: row.pid, queueWorkerIds: row.queue_worker_ids, seenAt: row.seen_at })),
      unlockedJobIds,
      releasedDeliveries,
    };
  });
}

/**
 * Issue 30 item 2: a dead process's delivery leases count against their webhooks' caps until
 * they expire (60 s by default); freed here they are due again at once, and the NOTIFY wakes the
 * dispatchers at commit. A holder still named by a live row (another lane of the same process,
 * still beating) keeps its leases.
 */
async function releaseLeasesOf(client: pg.PoolClient, holders: readonly string[]): Promise<number> {
  if (holders.length === 0) return 0;
  const { rows } = await client.query<{ n: number }>(
    `with v as (
       select q.delivery_id as id, q.lease_token as token from webhook_delivery_queue q
        where q.lease_token is not null and q.leased_by = any($1::text[])
          and q.leased_by not in (select w.lease_holder from worker_processes w where w.lease_holder is not null)
     )
     ${RELEASE}
     select (select count(*) from freed)::int + (select count(*) from dropped)::int as n`,
    [holders],
  );
  const released = rows[0]?.n ?? 0;
  if (released > 0) await client.query('select pg_notify($1, \'\')', [DELIVERY_CHANNEL]);
  return released;
}

/**
 * A runner's own end: deletes its row and frees whatever its queue worker ids still lock, in one
 * transaction. At a graceful stop that is nothing, unless recording a finished job failed; after a
 * runner stopped on its own (a lost connection) it is every job it had claimed, which would
 * otherwise wait dead-after for another process, or 4 hours with no other process at all.
 */
export async function releaseWorkerProcess(db: pg.Pool, id: string, queueWorkerIds: readonly string[]): Promise<string[]> {
  return inTransaction(db, async (client) => {
    await client.query('delete from worker_processes where id = $1', [id]);
    return unlockJobsOf(client, queueWorkerIds);
  });
}

/** graphile-worker's own force_unlock_workers; the NOTIFY wakes every runner at commit. Returns the freed jobs' ids. */
async function unlockJobsOf(client: pg.PoolClient, queueWorkerIds: readonly string[]): Promise<string[]> {
  if (queueWorkerIds.length === 0) return [];
  const locked = await client.query<{ id: string }>(
    `select id::text from ${QUEUE_SCHEMA}._private_jobs where locked_by = any($1::text[]) order by id for update`,
    [queueWorkerIds],
  );
  await client.query(`select ${QUEUE_SCHEMA}.force_unlock_workers($1::text[])`, [queueWorkerIds]);
  if (locked.rows.length > 0) {
    await client.query(`select pg_notify('jobs:insert', json_build_object('count', $1::int)::text)`, [locked.rows.length]);
  }
  return locked.rows.map((row) => row.id);
}

async function inTransaction<T>(db: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    // A connection that cannot even roll back is dropped rather than handed out again.
    client.release(broken);
  }
}
