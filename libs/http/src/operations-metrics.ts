/**
 * Metrics an operator scales and alerts on (issue 20 item 5; docs/operations.md),
 * read when Prometheus scrapes, not kept up to date in between.
 */
import { Gauge, type Registry } from 'prom-client';
import { poolFigures, queueFigures, type Database } from '@tessera/persistence';

export type MetricsSource = (registry: Registry) => void;

/** `tessera_db_pool_connections{state}`: in_use, idle, waiting (queries queued for a connection), max. */
export function databasePoolMetrics(db: Database): MetricsSource {
  return (registry) => {
    new Gauge({
      name: 'tessera_db_pool_connections',
      help: 'Connections of this process to PostgreSQL by state; waiting counts queries queued for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const figures = poolFigures(db);
        this.set({ state: 'in_use' }, figures.inUse);
        this.set({ state: 'idle' }, figures.idle);
        this.set({ state: 'waiting' }, figures.waiting);
        this.set({ state: 'max' }, figures.max);
      },
    });
  };
}

/**
 * Per task (graphile-worker's tasks and `webhook-delivery`): `tessera_queue_depth` (due and not
 * taken: what to scale the worker on), `tessera_queue_running`, `tessera_queue_scheduled` and
 * `tessera_queue_oldest_due_seconds` (how late the oldest waiting item is: what to alert on).
 * One query per scrape, shared by the four.
 */
export function queueMetrics(db: Database): MetricsSource {
  return (registry) => {
    let pending: Promise<Awaited<ReturnType<typeof queueFigures>>> | null = null;
    const read = () => {
      // The four collect() calls of one scrape run together: one query answers them all.
      pending ??= queueFigures(db).finally(() => setTimeout(() => (pending = null), 0));
      return pending;
    };
    const gauge = (name: string, help: string, pick: (figures: Awaited<ReturnType<typeof queueFigures>>[number]) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['task'],
        registers: [registry],
        async collect() {
          this.reset();
          for (const figures of await read()) this.set({ task: figures.task }, pick(figures));
        },
      });
    gauge('tessera_queue_depth', 'Jobs or deliveries due now and not taken by a worker', (f) => f.due);
    gauge('tessera_queue_running', 'Jobs or deliveries a worker has taken', (f) => f.running);
    gauge('tessera_queue_scheduled', 'Jobs or deliveries waiting for a later time (retries, waiting_until)', (f) => f.scheduled);
    gauge('tessera_queue_oldest_due_seconds', 'Seconds the oldest due, untaken job or delivery has waited', (f) => f.oldestDueSeconds);
  };
}
