/**
 * The `worker_processes` table: one row per running job runner, naming the
 * graphile-worker ids its locks carry. Every time here is the database's clock
 * (`now()`), so runners on hosts whose clocks disagree still agree on who is dead.
 */
import type pg from 'pg';
import { QUEUE_SCHEMA } from './queue-schema.js';

export interface WorkerProcessIdentity {
  id: string;
  hostname: string;
  pid: number;
}

/** Inserts the row, or refreshes it: `seen_at` from the database clock and the ids the runner holds now. */
export async function saveWorkerProcess(db: pg.Pool, process: WorkerProcessIdentity, queueWorkerIds: readonly string[]): Promise<void> {
  await db.query(
    `insert into worker_processes (id, queue_worker_ids, hostname, pid, started_at, seen_at)
     values ($1, $2::text[], $3, $4, now(), now())
     on conflict (id) do update set queue_worker_ids = excluded.queue_worker_ids, seen_at = now()`,
    [process.id, queueWorkerIds, process.hostname, process.pid],
  );
}

export async function deleteWorkerProcess(db: pg.Pool, id: string): Promise<void> {
  await db.query('delete from worker_processes where id = $1', [id]);
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
}

/**
 * Deletes the processes not seen for longer than `deadAfterMs` (never `exceptId`, the caller
 * itself: a runner that is alive enough to sweep is alive) and frees their jobs with
 * graphile-worker's own force_unlock_workers, in one transaction: a second sweeper waits on the
 * row locks and then finds nothing left to do. The NOTIFY wakes every runner at commit, so the
 * freed jobs start at once instead of at the next poll.
 */
export async function sweepDeadWorkerProcesses(db: pg.Pool, deadAfterMs: number, exceptId: string): Promise<SweepResult> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const dead = await client.query<{ id: string; hostname: string; pid: number; queue_worker_ids: string[]; seen_at: Date }>(
      `delete from worker_processes
       where seen_at < now() - $1 * interval '1 millisecond' and id <> $2
       returning id, hostname, pid, queue_worker_ids, seen_at`,
      [deadAfterMs, exceptId],
    );
    const queueWorkerIds = dead.rows.flatMap((row) => row.queue_worker_ids);
    let unlockedJobIds: string[] = [];
    if (queueWorkerIds.length > 0) {
      const locked = await client.query<{ id: string }>(
        `select id::text from ${QUEUE_SCHEMA}._private_jobs where locked_by = any($1::text[]) order by id for update`,
        [queueWorkerIds],
      );
      unlockedJobIds = locked.rows.map((row) => row.id);
      await client.query(`select ${QUEUE_SCHEMA}.force_unlock_workers($1::text[])`, [queueWorkerIds]);
      if (unlockedJobIds.length > 0) {
        await client.query(`select pg_notify('jobs:insert', json_build_object('count', $1::int)::text)`, [unlockedJobIds.length]);
      }
    }
    await client.query('commit');
    return {
      processes: dead.rows.map((row) => ({ id: row.id, hostname: row.hostname, pid: row.pid, queueWorkerIds: row.queue_worker_ids, seenAt: row.seen_at })),
      unlockedJobIds,
    };
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    // A connection that cannot even roll back is dropped rather than handed out again.
    client.release(broken);
  }
}
