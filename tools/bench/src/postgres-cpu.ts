/**
 * The CPU time of the PostgreSQL server the bench talks to, when it runs on
 * this machine: its postmaster and every process the postmaster started
 * (backends, walwriter, autovacuum, io workers), read from /proc. The
 * deliveries benchmark prints it per delivery beside the worker's, since the
 * two share the machine's cores and the database's share bounds the rate.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from '@tessera/persistence';

/** CPU time (user + system, ms) of the server's processes so far, or null where it cannot be read. */
export type PostgresCpu = () => number | null;

interface ProcStat {
  ppid: number;
  cpuMs: number;
}

/** Fields after the command (which may hold spaces): state, ppid, …, utime (14), stime (15), in ticks of 10 ms. */
function procStat(pid: number | string): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return null;
  }
}

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
