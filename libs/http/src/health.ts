import type { RequestHandler } from 'express';

export type HealthCheck = () => Promise<void>;

/** `GET /healthz`: 200 when every check passes, 503 naming the failing ones. */
export function healthHandler(service: string, checks: Record<string, HealthCheck> = {}): RequestHandler {
  return async (_req, res) => {
    const results: Record<string, string> = {};
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
    const healthy = Object.values(results).every((value) => value === 'ok');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'failing', service, checks: results });
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
