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
 */
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { ClaimedDelivery, DeliveryStatus, RecordedProgress } from './delivery-record.js';
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
  return deps.uow.transaction(async (tx) => {
    const repo = tx.webhookDeliveries;
    const webhooks = await repo.lockWebhooks([...new Set(outcomes.map((o) => o.webhook.id))].sort((a, b) => a - b));
    const states = new Map((await repo.leasedStates(outcomes.map((o) => o.lease))).map((state) => [state.id, state]));
    const now = clock();
    const planned: Array<{ outcome: DeliveryOutcome; plan: OutcomePlan }> = [];
    const lost: DeliveryOutcome[] = [];
    for (const outcome of outcomes) {
      const current = states.get(outcome.delivery.id);
      if (!current) {
        lost.push(outcome);
        continue;
      }
      planned.push({ outcome, plan: planOutcome({ claimed: outcome.delivery, leaseToken: outcome.lease.token, current, result: outcome.result, now, retry: deps.retry }) });
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
    for (const { outcome, plan } of planned) {
      const id = outcome.webhook.id;
      if (plan.effect === 'succeeded') cleared.add(id);
      if (plan.effect !== 'failed' && plan.effect !== 'gone') continue;
      await flushSuccesses(id);
      const webhook = { ...outcome.webhook, disabled: disabledBy.has(id) || (webhooks.get(id)?.disabled ?? outcome.webhook.disabled) };
      const { disabled } = await recordWebhookFailure(tx, webhook, {
        delivery: outcome.delivery,
        attempt: (await repo.attempts(outcome.delivery.account_id, outcome.delivery.id)).length + 1,
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
    await repo.recordProgress(rows);
    await repo.addAttempts(planned.flatMap(({ plan }) => (plan.attempt ? [plan.attempt] : [])));
    return {
      recorded: planned.map(({ outcome, plan }, i) => ({ outcome, status: rows[i]!.status, effect: plan.effect })),
      lost,
    };
  });
}
