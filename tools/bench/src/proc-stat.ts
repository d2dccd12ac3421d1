/** What /proc/<pid>/stat says of a process: the bench's CPU figures for its servers and PostgreSQL. */
import { readFileSync } from 'node:fs';

export interface ProcStat {
  ppid: number;
  /** utime + stime, in ms (clock ticks of 10 ms on Linux). */
  cpuMs: number;
}

/** Null where the process is gone or /proc is not there to read. */
export function procStat(pid: number | string | undefined): ProcStat | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces): state, ppid, …, utime (14), stime (15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return null;
  }
}
