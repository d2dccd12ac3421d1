/**
 * How much work waits, per task (issue 20 item 5): what an autoscaler scales
 * the worker on (`tessera_queue_depth`) and what an alert watches
 * (`tessera_queue_oldest_due_seconds`). Jobs of graphile-worker's queue, and
 * webhook deliveries, which are claimed from their own table by lease.
 *
 * The deliveries are counted from their queue rows alone, one pass over the queue per scrape: joined
 * to the log, a scrape cost a probe of the log per queued delivery (a million at the backlogs of
 * issue 34). A queue row due never (`infinity`) is a delivery paused while leased, counted nowhere;
 * a row whose lease expired is due again from the lease's end, and its age counts from then.
 */
import type { Database } from '../database.js';

export interface QueueFigures {
  task: string;
  /** Due now and not taken by a worker. */
  due: number;
  /** Taken by a worker (locked job or leased delivery). */
  running: number;
  /** Waiting for a later run_at (a retry's backoff, a waiting_until). */
  scheduled: number;
  /** Seconds since the oldest due-and-untaken item came due; 0 when none. */
  oldestDueSeconds: number;
}

interface Row {
  task: string;
  due: number;
  running: number;
  scheduled: number;
  oldest_due_seconds: number | null;
}

export async function queueFigures(db: Database): Promise<QueueFigures[]> {
  const { rows } = await db.raw<{ rows: Row[] }>(`
    select t.identifier as task,
           count(*) filter (where j.locked_at is null and j.run_at <= now() and j.attempts < j.max_attempts)::int as due,
           count(*) filter (where j.locked_at is not null)::int as running,
           count(*) filter (where j.locked_at is null and j.run_at > now())::int as scheduled,
           extract(epoch from now() - min(j.run_at) filter (where j.locked_at is null and j.run_at <= now() and j.attempts < j.max_attempts))::float8 as oldest_due_seconds
      from graphile_worker._private_jobs j
      join graphile_worker._private_tasks t on t.id = j.task_id
     group by t.identifier
    union all
    select 'webhook-delivery',
           count(*) filter (where q.due_at <= now())::int,
           count(*) filter (where q.lease_token is not null and q.due_at > now() and q.due_at < 'infinity')::int,
           count(*) filter (where q.lease_token is null and q.due_at > now())::int,
           extract(epoch from now() - min(q.due_at) filter (where q.due_at <= now()))::float8
      from webhook_delivery_queue q
     order by 1`);
  return rows.map((row) => ({ task: row.task, due: row.due, running: row.running, scheduled: row.scheduled, oldestDueSeconds: Math.max(0, row.oldest_due_seconds ?? 0) }));
}
