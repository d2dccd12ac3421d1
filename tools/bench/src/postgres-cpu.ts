/**
 * The CPU time of the PostgreSQL server the bench talks to, when it runs on
 * this machine: its postmaster and every process the postmaster started
 * (backends, walwriter, autovacuum, io workers), read from /proc. The
 * deliveries benchmark prints it per delivery beside the worker's, since the
 * two share the machine's cores and the database's share bounds the rate.
 */
import { readdirSync } from 'node:fs';
import type { Database } from '@tessera/persistence';
import { procStat } from './proc-stat.js';

/** CPU time (user + system, ms) of the server's processes so far, or null where it cannot be read. */
export type PostgresCpu = () => number | null;

export async function postgresCpuMeter(db: Database): Promise<PostgresCpu> {
  const { rows } = await db.raw<{ rows: Array<{ pid: number }> }>('select pg_backend_pid() as pid');
  // A backend's parent is the postmaster; a server elsewhere (or a pid this machine does not have) is not measured.
  const postmaster = procStat(rows[0]!.pid)?.ppid;
  if (postmaster === undefined || procStat(postmaster) === null) return () => null;
  return () => {
    let sum = procStat(postmaster)?.cpuMs;
    if (sum === undefined) return null;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = procStat(entry);
      // A backend that exited within the window takes its time with it: the figure is a lower bound.
      if (stat?.ppid === postmaster) sum += stat.cpuMs;
    }
    return sum;
  };
}
