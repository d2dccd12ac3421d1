/** A bounded closed-loop load: `clients` workers share `total` calls; latency of every call is kept. */
export interface LoadResult {
  calls: number;
  failures: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export async function runLoad(total: number, clients: number, call: (index: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let index = next++; index < total; index = next++) {
        const start = performance.now();
        const ok = await call(index).catch(() => false);
        latencies.push(performance.now() - start);
        if (!ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { calls: total, failures, seconds, perSecond: total / seconds, p50Ms: at(0.5), p99Ms: at(0.99) };
}

export function formatResult(name: string, r: LoadResult): string {
  return `${name.padEnd(34)} ${r.perSecond.toFixed(0).padStart(7)} /s   p50 ${r.p50Ms.toFixed(1).padStart(7)} ms   p99 ${r.p99Ms.toFixed(1).padStart(7)} ms   failures ${r.failures}`;
}
