/**
 * Outages of what an app depends on (issue 20 item 1): while the database (or
 * the rate-limit store) cannot be reached, every call is answered
 * `503 {"message":"Service Unavailable","reason":…}` with Retry-After instead
 * of a 500 per request. The outage is logged once when it starts and once when
 * it ends, with how long it lasted and how many calls were turned away, and
 * `tessera_dependency_up{dependency}` shows it to Prometheus.
 *
 * An error says an outage began; from then on calls fail fast (no connect
 * attempt each) and a probe runs every `probeIntervalMs` until the dependency
 * answers, which ends the outage.
 *
 * A dependency that refuses the configuration (the database's password, role
 * or name wrong: issue 30 item 12) is handled the same way — retrying cannot
 * help a call, and someone may fix it without restarting us — but its line
 * says so: it is the operator's to fix, not a network's to heal. The log
 * speaks once per change of state (down, changed cause, back), never per call.
 */
import { unavailable, type DomainError } from '@tessera/domain';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from './logger.js';

export interface WatchedDependency {
  /** As logs, metrics and the 503's reason name it: `database`, `rate-limit store`. */
  name: string;
  /** Whether this error means the dependency cannot be reached (not that a statement was wrong). */
  isOutage(error: unknown): boolean;
  /** Whether this error means the dependency refuses our configuration (credentials, database name). */
  isMisconfigured?(error: unknown): boolean;
  /** Resolves once the dependency answers again. */
  probe(): Promise<void>;
}

export interface OutageWatchOptions {
  logger: Logger;
  dependencies: WatchedDependency[];
  /** The Retry-After of the 503s. Default 5 s. */
  retryAfterSeconds?: number;
  probeIntervalMs?: number;
}

export interface OutageWatch {
  /** The 503 for `error` when it is an outage of a watched dependency (which then begins, or goes on); else null. */
  answer(error: unknown): DomainError | null;
  /** The 503 while a watched dependency is known to be down, so a call fails fast; else null. */
  current(): DomainError | null;
  /** An outage the caller handles itself (the rate limiter): logged once and shown; `answering503` only words the log line. */
  report(name: string, error: unknown, answering503: boolean): void;
  isDown(name: string): boolean;
  /** Adds the gauge and counter to the app's /metrics. */
  register(registry: Registry): void;
  close(): void;
}

type Cause = 'unreachable' | 'misconfigured';

interface Outage {
  /** Calls fail fast while it lasts; false for one the caller works around (report). */
  blocking: boolean;
  /** What the last failure said: a change is logged once. */
  cause: Cause;
  since: number;
  turnedAway: number;
  probe: NodeJS.Timeout;
}

export function createOutageWatch(options: OutageWatchOptions): OutageWatch {
  const retryAfter = options.retryAfterSeconds ?? 5;
  const probeEvery = options.probeIntervalMs ?? 500;
  const byName = new Map(options.dependencies.map((dependency) => [dependency.name, dependency]));
  const outages = new Map<string, Outage>();
  const up = new Gauge({ name: 'tessera_dependency_up', help: '1 while the dependency answers, 0 during an outage', labelNames: ['dependency'], registers: [] });
  const refused = new Counter({ name: 'tessera_unavailable_responses_total', help: 'Calls answered 503 because a dependency was unreachable', labelNames: ['dependency'], registers: [] });
  for (const name of byName.keys()) up.set({ dependency: name }, 1);

  const reply = (name: string): DomainError => {
    const outage = outages.get(name);
    if (outage) outage.turnedAway += 1;
    refused.inc({ dependency: name });
    return unavailable(`The ${name} is unreachable; try again later`, retryAfter);
  };

  const causeOf = (dependency: WatchedDependency, error: unknown): Cause | null =>
    dependency.isMisconfigured?.(error) ? 'misconfigured' : dependency.isOutage(error) ? 'unreachable' : null;

  const logCause = (dependency: WatchedDependency, error: unknown, cause: Cause, answering503: boolean) => {
    const message =
      cause === 'misconfigured'
        ? `${dependency.name} refuses the configured connection: ${answering503 ? 'answering 503' : 'working without it'} until it is fixed`
        : `${dependency.name} unreachable: ${answering503 ? 'answering 503' : 'working without it'} until it is back`;
    options.logger.error({ dependency: dependency.name, cause, err: error }, message);
  };

  const begin = (dependency: WatchedDependency, error: unknown, blocking: boolean, answering503 = blocking) => {
    if (outages.has(dependency.name)) return;
    const cause = causeOf(dependency, error) ?? 'unreachable';
    logCause(dependency, error, cause, answering503);
    up.set({ dependency: dependency.name }, 0);
    let probing = false;
    const probe = setInterval(() => {
      if (probing) return;
      probing = true;
      dependency.probe().then(
        () => {
          const outage = outages.get(dependency.name);
          clearInterval(probe);
          outages.delete(dependency.name);
          up.set({ dependency: dependency.name }, 1);
          options.logger.info({ dependency: dependency.name, downMs: outage ? Date.now() - outage.since : 0, turnedAway: outage?.turnedAway ?? 0 }, `${dependency.name} reachable again`);
        },
        (failure: unknown) => {
          probing = false;
          const outage = outages.get(dependency.name);
          const cause = causeOf(dependency, failure);
          if (outage && cause && cause !== outage.cause) {
            outage.cause = cause;
            logCause(dependency, failure, cause, answering503);
          }
        },
      );
    }, probeEvery);
    probe.unref();
    outages.set(dependency.name, { blocking, cause, since: Date.now(), turnedAway: 0, probe });
  };

  return {
    answer(error) {
      for (const dependency of byName.values()) {
        if (!causeOf(dependency, error)) continue;
        begin(dependency, error, true);
        return reply(dependency.name);
      }
      return null;
    },
    current() {
      for (const [name, outage] of outages) if (outage.blocking) return reply(name);
      return null;
    },
    report(name, error, answering503) {
      const dependency = byName.get(name);
      if (dependency) begin(dependency, error, false, answering503);
    },
    isDown: (name) => outages.has(name),
    register(registry) {
      registry.registerMetric(up);
      registry.registerMetric(refused);
    },
    close() {
      for (const outage of outages.values()) clearInterval(outage.probe);
      outages.clear();
    },
  };
}
