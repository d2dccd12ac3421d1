import type { RequestHandler } from 'express';
import { Gauge, type Registry } from 'prom-client';

export type HealthCheck = () => Promise<void>;

/** Each check's result, every check run at once, none waiting more than 2 s. */
export async function runHealthChecks(checks: Record<string, HealthCheck>): Promise<Record<string, 'ok' | 'failing'>> {
  const results: Record<string, 'ok' | 'failing'> = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 2000);
        results[name] = 'ok';
      } catch {
        results[name] = 'failing';
      }
    }),
  );
  return results;
}

/** `GET /healthz`: 200 when every check passes, 503 naming the failing ones. */
export function healthHandler(service: string, checks: Record<string, HealthCheck> = {}): RequestHandler {
  return async (_req, res) => {
    const results = await runHealthChecks(checks);
    const healthy = Object.values(results).every((value) => value === 'ok');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'failing', service, checks: results });
  };
}

/**
 * `tessera_health_check_up{check}`: the checks of /healthz, run when Prometheus scrapes, 1 when a
 * check passes. The worker's runner and dispatcher have no calls to answer 503, so this is how an
 * operator's alert sees them down (docs/operations.md).
 */
export function registerHealthMetrics(registry: Registry, checks: Record<string, HealthCheck>): void {
  if (Object.keys(checks).length === 0) return;
  new Gauge({
    name: 'tessera_health_check_up',
    help: 'The checks of /healthz when scraped: 1 passes, 0 fails',
    labelNames: ['check'],
    registers: [registry],
    async collect() {
      for (const [check, result] of Object.entries(await runHealthChecks(checks))) this.set({ check }, result === 'ok' ? 1 : 0);
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
