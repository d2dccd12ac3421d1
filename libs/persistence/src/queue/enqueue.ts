import type { QueuedJob } from '@tessera/domain';
import type { Knex } from 'knex';
import { queryOnConnection } from '../connection-query.js';
import type { Database } from '../database.js';

/** Adds a job in the caller's transaction: it commits or rolls back with the change it belongs to. */
export async function enqueueJob(db: Database, job: QueuedJob): Promise<void> {
  if (job.onlyIfRules || job.flags) return enqueueJobs(db, [job]);
  await db.raw('select graphile_worker.add_job(?, ?::json, run_at => ?, job_key => ?, max_attempts => ?)', [
    job.task,
    JSON.stringify(job.payload),
    job.runAt ?? null,
    job.jobKey ?? null,
    25,
  ]);
}

/** Adds several jobs in one round trip (graphile-worker's add_jobs), in the caller's transaction. */
export async function enqueueJobs(db: Database, jobs: readonly QueuedJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const specs = jobs.map((job) => ({ task: job.task, payloadJson: JSON.stringify(job.payload), runAt: job.runAt ?? null, jobKey: job.jobKey ?? null, flags: job.flags ?? null, onlyIfRules: job.onlyIfRules }));
  await db.raw('select graphile_worker.add_jobs(?)', [jobSpecArray(db, specs)]);
}

export interface JobSpec {
  task: unknown;
  /** The payload, serialised. */
  payloadJson: unknown;
  runAt: unknown;
  jobKey: unknown;
  /** QueuedJob `flags` (a list of texts, or null). */
  flags: unknown;
  /** QueuedJob `onlyIfRules`: left out of the array unless the account has an enabled rule that could match. */
  onlyIfRules?: { account: string; type: string; id: number } | undefined;
}

/**
 * The enabled rules of the account generic for the type, or owned by the record (the partial
 * indexes of migration 90): one probe each, so a change in an account without rules costs little.
 */
const RULES_EXIST =
  '(exists (select 1 from automation_rules where account_id = ? and generic = ? and not disabled) or ' +
  'exists (select 1 from automation_rules where account_id = ? and owner_type = ? and owner_id = ? and not disabled))';

/** The jobs as the `graphile_worker.job_spec[]` that add_jobs takes; at least one job. */
export function jobSpecArray(db: Database, specs: readonly JobSpec[]): Knex.Raw {
  const rows = specs.map((spec) => db.raw('(?, ?::json, null, ?::timestamptz, 25, ?, null, ?::text[])::graphile_worker.job_spec', [
    spec.task, spec.payloadJson, spec.runAt, spec.jobKey, spec.flags,
  ] as Knex.RawBinding[]));
  if (!specs.some((spec) => spec.onlyIfRules)) return db.raw(`array[${rows.map(() => '?').join(', ')}]`, rows);
  // The jobs whose condition holds, in the order given.
  const kept = specs.map((spec, i) => {
    const only = spec.onlyIfRules;
    return only ? db.raw(`(${i}, ?, ${RULES_EXIST})`, [rows[i]!, only.account, only.type, only.account, only.type, only.id]) : db.raw(`(${i}, ?, true)`, [rows[i]!]);
  });
  return db.raw(`array(select v.spec from (values ${kept.map(() => '?').join(', ')}) as v(n, spec, keep) where v.keep order by v.n)`, kept);
}

export async function removeJob(db: Database, jobKey: string): Promise<void> {
  await db.raw('select graphile_worker.remove_job(?)', [jobKey]);
}

export interface QueuedJobRow {
  task_identifier: string;
  payload: Record<string, unknown>;
  run_at: Date;
  key: string | null;
}

/** Jobs waiting in the queue, oldest first; for operators and tests. The public view hides payloads, so this reads the table. */
export async function listQueuedJobs(db: Database, task?: string): Promise<QueuedJobRow[]> {
  const query = db('graphile_worker._private_jobs as j')
    .join('graphile_worker._private_tasks as t', 't.id', 'j.task_id')
    .select('t.identifier as task_identifier', 'j.payload', 'j.run_at', 'j.key')
    .orderBy('j.id');
  if (task) query.where('t.identifier', task);
  return query;
}

/** Drops every waiting job of a task; for tools that need an empty queue (the delivery benchmark after the events one). */
export async function discardQueuedJobs(db: Database, task: string): Promise<number> {
  const { rowCount } = await db.raw(
    'delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t where t.id = j.task_id and t.identifier = ? and j.locked_at is null',
    [task],
  );
  return rowCount ?? 0;
}

/**
 * Whether a job of the task is due that does not carry the flag: whether the account whose flag it
 * is holds other accounts' jobs back by taking more of a lane (decision 059). Reads the due jobs of
 * the task until it finds one; asked at most about once a second per account holding its share.
 */
export async function dueWithoutFlag(db: Database, task: string, flag: string): Promise<boolean> {
  const { rows } = await queryOnConnection<{ waiting: boolean }>(db, {
    name: 'tessera_due_without_flag',
    text: `select exists (select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
             where t.identifier = $1 and j.is_available and j.run_at <= now() and not coalesce(j.flags ? $2, false)) as waiting`,
    values: [task, flag],
  });
  return rows[0]?.waiting ?? false;
}
