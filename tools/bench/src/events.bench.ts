/**
 * Events intake throughput: POST /v1/events through the real api process
 * (HTTP, auth, rate-limit counters on Postgres, lookups, match lock, request +
 * note + audit line + queued events in one transaction), half new events and
 * half matching ones, 50 concurrent clients; against a raw SQL baseline in the
 * same run: the same request insert into the same table, with the same
 * indexes, from 50 concurrent connections.
 */
import pg from 'pg';
import { runLoad, formatResult, type LoadResult } from './load.js';

export interface EventsBenchOptions {
  apiUrl: string;
  databaseUrl: string;
  token: string;
  account: string;
  total: number;
  clients: number;
}

export async function benchEvents(options: EventsBenchOptions): Promise<{ tessera: LoadResult; baseline: LoadResult }> {
  const runId = Date.now().toString(36);
  const headers = { authorization: `Bearer ${options.token}`, 'x-service-account': options.account };
  const tessera = await runLoad(options.total, options.clients, async (i) => {
    // Even calls are new (a unique subject, no CI); odd calls match one of ten open requests on srv-db-01.
    const params: Record<string, string> = (process.env['BENCH_ONLY'] === 'new' || (process.env['BENCH_ONLY'] !== 'match' && i % 2 === 0))
      ? { subject: `bench ${runId} new ${i}`, source: 'bench-new', note: `event ${i}` }
      : { subject: `bench ${runId} disk`, ci: 'srv-db-01', source: `bench-${runId}-${i % 10}`, note: `reading ${i}` };
    const res = await fetch(`${options.apiUrl}/events?${new URLSearchParams(params)}`, { method: 'POST', headers });
    await res.arrayBuffer();
    return res.status === 201 || res.status === 200;
  });

  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.clients });
  const people = await pool.query<{ id: number }>('select id from people where account_id = $1 order by id limit 1', [options.account]);
  const personId = people.rows[0]!.id;
  const baseline = await runLoad(options.total, options.clients, async (i) => {
    await pool.query(
      `insert into requests (account_id, subject, category, status, impact, requested_by_id, requested_for_id, created_by_id, team_id, source, source_id)
       values ($1, $2, 'other', 'assigned', null, $3, $3, $3, null, 'bench-raw', $4)`,
      [options.account, `raw ${runId} ${i}`, personId, String(i)],
    );
    return true;
  });
  await pool.end();
  return { tessera, baseline };
}

export function reportEvents(result: { tessera: LoadResult; baseline: LoadResult }, clients: number): string {
  return [
    `events intake, ${result.tessera.calls} events (half new, half matching), ${clients} concurrent clients`,
    formatResult('POST /v1/events (tessera)', result.tessera),
    formatResult('raw SQL insert (baseline)', result.baseline),
    `ratio tessera/baseline throughput: ${(result.tessera.perSecond / result.baseline.perSecond).toFixed(3)}`,
  ].join('\n');
}
