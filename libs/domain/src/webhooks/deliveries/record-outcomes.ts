/**
 * Recording delivery outcomes in batches (decision 024): many attempts, one
 * transaction. Each outcome is written only while its delivery still carries
 * the lease token of the claim (compare-and-set); a lost lease — it expired
 * and another process claimed the delivery, or the delivery was deleted — is
 * dropped and returned, so the newer holder's result is the one kept.
 *
 * Locks go webhook rows first (ascending id), then deliveries (ascending
 * id): the order a webhook's deletion takes, and the same in every batch, so
 * two workers' batches and a deletion cannot deadlock.
 *
 * The rules of decision 016 hold per outcome, in the order the attempts
 * ended: a success clears the webhook's failures, a failure counts (one
 * e-mail per 20 minutes, disabled at 20), test deliveries never count, and
 * 410 Gone disables at once. A webhook disabled by this batch has its pending
 * deliveries paused, those of the batch too.
 *
 * The common batch is one statement with no transaction around it: outcomes
 * that only deliver (or end a test delivery), decided on their deliveries as
 * claimed, are written while each row is still so and still leased. What is
 * left — a failure, a webhook disabled, a row paused, redelivered or lost
 * meanwhile, and every outcome of a webhook with one of those in the batch
 * (to keep its order) — goes through the transaction above, decided on the
 * rows as they are then.
 */
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { ClaimedDelivery, DeliveryStatus, ProgressAsClaimed, RecordedProgress } from './delivery-record.js';
import type { RetrySettings } from './delivery-rules.js';
import { pausedBy, planOutcome, type OutcomePlan, type WebhookEffect } from './delivery-outcome.js';
import { recordWebhookFailure } from './webhook-failure.js';
import type { SendResult } from './webhook-sender.js';

/** A claimed delivery and what its attempt got: a result, or null when it was not sent (its webhook is disabled). */
export interface DeliveryOutcome extends ClaimedDelivery {
  result: SendResult | null;
}

export interface RecordedOutcome {
  outcome: DeliveryOutcome;
  status: DeliveryStatus;
  effect: WebhookEffect;
}

export interface RecordingResult {
  recorded: RecordedOutcome[];
  /** Outcomes whose lease was lost: nothing of them was written. */
  lost: DeliveryOutcome[];
}

export interface RecordingDependencies {
  uow: UnitOfWork<'auditLines' | 'jobs' | 'webhookDeliveries'>;
  retry: RetrySettings;
  clock?: () => Date;
}

export async function recordDeliveryOutcomes(outcomes: readonly DeliveryOutcome[], deps: RecordingDependencies): Promise<RecordingResult> {
  if (outcomes.length === 0) return { recorded: [], lost: [] };
  const clock = deps.clock ?? (() => new Date());
  const quick = asClaimed(outcomes, clock(), deps.retry);
  const written = new Set(quick.length === 0 ? [] : await deps.uow.repositories.webhookDeliveries.recordAsClaimed(quick.map(({ row }) => row)));
  // By lease token, not delivery id: a stale lease's outcome may share the batch with its delivery's next one.
  const recorded = quick.filter(({ row }) => written.has(row.progress.leaseToken)).map(({ outcome, row, effect }): RecordedOutcome => ({ outcome, status: row.progress.status, effect }));
  const rest = written.size === 0 ? outcomes : outcomes.filter((outcome) => !written.has(outcome.lease.token));
  if (rest.length === 0) return { recorded, lost: [] };
  const more = await recordInTransaction(rest, deps, clock);
  return { recorded: [...recorded, ...more.recorded], lost: more.lost };
}

/** The outcomes that only deliver or end a test delivery, planned on their deliveries as claimed; none of a webhook with any other outcome in the batch. */
function asClaimed(outcomes: readonly DeliveryOutcome[], now: Date, retry: RetrySettings) {
  const planned = outcomes.map((outcome) => {
    const { delivery } = outcome;
    const current = { id: delivery.id, status: 'pending' as const, attempts: delivery.attempts, next_attempt_at: delivery.next_attempt_at, paused_reason: null };
    const plan = outcome.result === null ? null : planOutcome({ claimed: delivery, leaseToken: outcome.lease.token, current, result: outcome.result, now, retry });
    return { outcome, plan };
  });
  const quick = (plan: OutcomePlan | null): plan is OutcomePlan & { attempt: NonNullable<OutcomePlan['attempt']> } =>
    plan !== null && plan.attempt !== null && (plan.effect === 'succeeded' || plan.effect === 'none');
  const others = new Set(planned.filter(({ plan }) => !quick(plan)).map(({ outcome }) => outcome.webhook.id));
  return planned.flatMap(({ outcome, plan }) => {
    if (!quick(plan) || others.has(outcome.webhook.id)) return [];
    const { deliveryId: _id, ...attempt } = plan.attempt;
    const row: ProgressAsClaimed = {
      progress: plan.progress, claimed: { attempts: outcome.delivery.attempts, next_attempt_at: outcome.delivery.next_attempt_at }, attempt,
      webhookId: outcome.webhook.id, clearsFailures: plan.effect === 'succeeded',
    };
    return [{ outcome, row, effect: plan.effect }];
  });
}

async function recordInTransaction(outcomes: readonly DeliveryOutcome[], deps: RecordingDependencies, clock: () => Date): Promise<RecordingResult> {
  return deps.uow.transaction(async (tx) => {
    const repo = tx.webhookDeliveries;
    const webhooks = await repo.lockWebhooks([...new Set(outcomes.map((o) => o.webhook.id))].sort((a, b) => a - b));
    const states = new Map((await repo.leasedStates(outcomes.map((o) => o.lease))).map((state) => [state.lease_token, state]));
    const now = clock();
    const planned: Array<{ outcome: DeliveryOutcome; plan: OutcomePlan; logged: number }> = [];
    const lost: DeliveryOutcome[] = [];
    for (const outcome of outcomes) {
      const current = states.get(outcome.lease.token);
      if (!current) {
        lost.push(outcome);
        continue;
      }
      const plan = planOutcome({ claimed: outcome.delivery, leaseToken: outcome.lease.token, current, result: outcome.result, now, retry: deps.retry });
      planned.push({ outcome, plan, logged: current.logged_attempts });
    }

    // Successes in a row are one write per webhook; a failure after them writes them first, to keep the order.
    const cleared = new Set<number>();
    const flushSuccesses = async (only?: number) => {
      const ids = only === undefined ? [...cleared] : cleared.has(only) ? [only] : [];
      if (ids.length === 0) return;
      await repo.webhooksSucceeded(ids);
      for (const id of ids) cleared.delete(id);
    };
    const disabledBy = new Map<number, string>();
    for (const { outcome, plan, logged } of planned) {
      const id = outcome.webhook.id;
      if (plan.effect === 'succeeded') cleared.add(id);
      if (plan.effect !== 'failed' && plan.effect !== 'gone') continue;
      await flushSuccesses(id);
      const webhook = { ...outcome.webhook, disabled: disabledBy.has(id) || (webhooks.get(id)?.disabled ?? outcome.webhook.disabled) };
      const { disabled } = await recordWebhookFailure(tx, webhook, {
        delivery: outcome.delivery,
        attempt: logged + 1,
        error: plan.attempt!.error!,
        nextAttemptAt: plan.progress.next_attempt_at,
        gone: plan.effect === 'gone',
      });
      if (disabled) disabledBy.set(id, disabled);
    }
    await flushSuccesses();

    const rows: RecordedProgress[] = planned.map(({ outcome, plan }) => {
      const reason = disabledBy.get(outcome.webhook.id);
      return reason ? pausedBy(plan.progress, reason) : plan.progress;
    });
    // The attempts first: each is numbered by its queue row, which the progress deletes when the delivery is no longer pending.
    await repo.addAttempts(planned.flatMap(({ outcome, plan }) => (plan.attempt ? [{ ...plan.attempt, leaseToken: outcome.lease.token }] : [])));
    await repo.recordProgress(rows);
    return {
      recorded: planned.map(({ outcome, plan }, i) => ({ outcome, status: rows[i]!.status, effect: plan.effect })),
      lost,
    };
  });
}
