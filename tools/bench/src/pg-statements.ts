/**
 * What PostgreSQL ran during a measured run, by time (pg_stat_statements; the
 * bench loads it when BENCH_PG_STATEMENTS=1). The worker's profile shows where
 * its own CPU goes; this shows the database's, which on this machine is the
 * larger part of a delivery's cost. Execution and planning times are wall
 * time inside the server: on a busy machine they include waiting for a core.
 */
import type { Database } from '@tessera/persistence';

export interface StatementFigure {
  calls: number;
  execMs: number;
  planMs: number;
  rows: number;
  /** The statement's text, whitespace folded, cut short. */
  text: string;
}

export async function resetStatements(db: Database): Promise<void> {
  await db.raw('select pg_stat_statements_reset()');
}

/** The `top` statements of this database by execution time since the last reset. */
export async function topStatements(db: Database, top = 6): Promise<StatementFigure[]> {
  const { rows } = await db.raw<{ rows: Array<{ calls: string; exec_ms: number; plan_ms: number; rows: string; text: string }> }>(
    `select calls, total_exec_time as exec_ms, total_plan_time as plan_ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as text
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time desc limit ?`,
    [top],
  );
  return rows.map((row) => ({ calls: Number(row.calls), execMs: row.exec_ms, planMs: row.plan_ms, rows: Number(row.rows), text: row.text }));
}

/** The figures per unit of work: a delivery (the default), an event of the intake, … */
export function reportStatements(figures: readonly StatementFigure[], count: number, unit = 'delivery'): string {
  return [
    `  PostgreSQL's statements in the run (pg_stat_statements, by execution time; µs per ${unit} of ${count}):`,
    ...figures.map((f) => `    ${((f.execMs * 1000) / count).toFixed(0).padStart(5)} µs exec + ${((f.planMs * 1000) / count).toFixed(0).padStart(3)} µs plan  ${String(f.calls).padStart(5)} calls ${String(f.rows).padStart(6)} rows  ${f.text}`),
  ].join('\n');
}
