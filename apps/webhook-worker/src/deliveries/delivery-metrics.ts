/** The dispatcher's Prometheus metrics, served at the worker's /metrics beside the process ones. */
import { Counter, Gauge, type Registry } from 'prom-client';

export interface DeliveryMetrics {
  inFlight: Gauge;
  /** `result`: delivered, retrying, failed, paused, lost (the lease was lost: nothing recorded), unrecorded (parked: it could not be written). */
  outcomes: Counter<'result'>;
  register(registry: Registry): void;
}

export function createDeliveryMetrics(): DeliveryMetrics {
  const inFlight = new Gauge({ name: 'webhook_deliveries_in_flight', help: 'Webhook deliveries this process is sending now', registers: [] });
  const outcomes = new Counter({
    name: 'webhook_delivery_outcomes_total', help: 'Recorded webhook delivery attempts by result', labelNames: ['result'] as const, registers: [],
  });
  return {
    inFlight,
    outcomes,
    register(registry) {
      registry.registerMetric(inFlight);
      registry.registerMetric(outcomes);
    },
  };
}
