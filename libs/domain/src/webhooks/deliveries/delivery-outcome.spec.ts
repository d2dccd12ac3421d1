import { planOutcome, type PlanInput } from './delivery-outcome.js';
import { PAUSED_REASONS } from './paused-reason.js';

describe('planOutcome', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const due = new Date('2025-12-31T23:59:00Z');
  const claimed = { id: 'd1', test: false, attempts: 2, next_attempt_at: due };
  const pending = { id: 'd1', status: 'pending' as const, attempts: 2, next_attempt_at: due, paused_reason: null };
  const answer = (statusCode: number | null, error: string | null) => ({ startedAt: now, durationMs: 12, statusCode, error, responseExcerpt: null });
  const plan = (fields: Partial<PlanInput>) => planOutcome({ claimed, leaseToken: 't1', current: pending, result: answer(200, null), now, retry: { baseMs: 1000, random: () => 0.5 }, ...fields });

  it('delivers a 2xx, also when the delivery was paused meanwhile', () => {
    expect(plan({})).toMatchObject({ progress: { id: 'd1', leaseToken: 't1', status: 'delivered', attempts: 3, paused_reason: null }, effect: 'succeeded' });
    expect(plan({ current: { ...pending, status: 'paused', next_attempt_at: null, paused_reason: PAUSED_REASONS.disabledByAdministrator } }).progress.status).toBe('delivered');
  });

  it('keeps a delivery paused meanwhile paused when its attempt fails, counting the attempt', () => {
    const paused = { ...pending, status: 'paused' as const, next_attempt_at: null, paused_reason: PAUSED_REASONS.afterFailures };
    expect(plan({ current: paused, result: answer(500, '500 Internal Server Error') })).toMatchObject({
      progress: { status: 'paused', attempts: 3, next_attempt_at: null, paused_reason: PAUSED_REASONS.afterFailures }, effect: 'failed',
    });
  });

  it('pauses on 410 Gone and says the webhook goes with it', () => {
    expect(plan({ result: answer(410, '410 Gone') })).toMatchObject({ progress: { status: 'paused', attempts: 3, paused_reason: PAUSED_REASONS.gone }, effect: 'gone' });
  });

  it('pauses, unsent and uncounted, a delivery of a disabled webhook', () => {
    expect(plan({ result: null })).toEqual({
      progress: expect.objectContaining({ status: 'paused', attempts: 2, paused_reason: PAUSED_REASONS.disabledByAdministrator }), attempt: null, effect: 'none',
    });
  });

  it('starts the fresh series of a redelivery made during the attempt after it', () => {
    const redelivered = { ...pending, attempts: 0, next_attempt_at: new Date('2026-01-01T00:00:01Z') };
    expect(plan({ current: redelivered })).toMatchObject({ progress: { status: 'pending', attempts: 0, next_attempt_at: redelivered.next_attempt_at }, effect: 'succeeded' });
  });

  it('never counts a test delivery for or against its webhook', () => {
    expect(plan({ claimed: { ...claimed, test: true }, result: answer(410, '410 Gone') })).toMatchObject({ progress: { status: 'failed' }, effect: 'none' });
  });
});
