/**
 * `npm run bench:profile-summary -- <file.cpuprofile> [--top N]`: the functions
 * (file:function) and packages with the most self time in a CPU profile, as a
 * share of the time the process was busy (idle time left out). `--from S --to S` keeps the samples
 * of that span (seconds since the profile began); `--timeline` prints the busy share of each
 * 5 s, to find where each run began.
 */
import { readFile } from 'node:fs/promises';
import { busyTimeline, NO_CALLER, profileWindow, summariseProfile, type CpuProfile, type FunctionSelfTime, type SelfTime } from './cpu-profile.js';
import { workspaceRoot } from './runtime.js';

async function main(args: string[]): Promise<void> {
  const valueOf = (flag: string): number | undefined => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : undefined);
  const top = valueOf('--top') ?? 15;
  const from = valueOf('--from') ?? 0;
  const to = valueOf('--to') ?? Infinity;
  const file = args.find((arg, i) => !arg.startsWith('--') && !['--top', '--from', '--to'].includes(args[i - 1] ?? ''));
  if (!file || !Number.isInteger(top) || top <= 0 || Number.isNaN(from) || Number.isNaN(to)) throw new Error('usage: npm run bench:profile-summary -- <file.cpuprofile> [--top N] [--from S] [--to S] [--timeline]');
  const whole = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  if (args.includes('--timeline')) {
    process.stdout.write(`${busyTimeline(whole, 5).map((share, i) => `  ${String(i * 5).padStart(4)} s  busy ${(100 * share).toFixed(0).padStart(3)}%`).join('\n')}\n`);
    return;
  }
  const profile = from > 0 || to < Infinity ? profileWindow(whole, from, to) : whole;
  const summary = summariseProfile(profile, workspaceRoot);
  const busy = summary.totalMicros - summary.idleMicros;
  const lines = [
    `${file}${from > 0 || to < Infinity ? ` from ${from} s to ${to} s` : ''}`,
    `sampled ${seconds(summary.totalMicros)} s, busy ${seconds(busy)} s (${percent(busy, summary.totalMicros)} of the time); shares below are of busy time`,
    '',
    `top ${top} functions by self time (via: the nearest callers in package or workspace code)`,
    ...functions(summary.byFunction, top, busy),
    '',
    'self time by package',
    ...table(summary.byPackage, 12, busy),
    '',
    `top ${top} workspace functions by the time below them (their own and their callees', up to the first await)`,
    ...table(summary.byWorkspaceFunction, top, busy),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function functions(rows: FunctionSelfTime[], top: number, busy: number): string[] {
  return table(rows, top, busy).flatMap((line, i) => {
    const row = rows.filter((r) => r.name !== '(idle)')[i]!;
    const via = row.via.filter((caller) => caller.name !== NO_CALLER).slice(0, 3).map((caller) => `${caller.name} ${percent(caller.micros, row.micros)}`);
    return via.length === 0 ? [line] : [line, `                      via ${via.join(', ')}`];
  });
}

function table(rows: SelfTime[], top: number, busy: number): string[] {
  return rows
    .filter((row) => row.name !== '(idle)')
    .slice(0, top)
    .map((row) => `  ${percent(row.micros, busy).padStart(6)}  ${(row.micros / 1000).toFixed(0).padStart(7)} ms  ${row.name}`);
}

function percent(part: number, whole: number): string {
  return `${whole === 0 ? '0.0' : ((100 * part) / whole).toFixed(1)}%`;
}

function seconds(micros: number): string {
  return (micros / 1e6).toFixed(1);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
