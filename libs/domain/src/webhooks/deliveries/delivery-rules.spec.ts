import { deliveryIdTime, fanOutDeliveryId, newDeliveryId } from './delivery-id.js';
import { failureRecipients, MAX_ATTEMPTS, MAX_RETRY_AFTER_MS, progressAfter, RETRY_SCHEDULE_MS, retryAfterMs, retryDelayMs } from './delivery-rules.js';
import { eventNodeType } from './test-webhook.js';

describe('retryDelayMs', () => {
  const middle = { baseMs: 5_000, random: () => 0.5 };

  it('follows the schedule at the default base: 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((attempt) => retryDelayMs(attempt, middle))).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0) / 3_600_000).toBeGreaterThan(24);
  });

  it('scales the whole schedule with the base, and moves each wait by at most ±10 %', () => {
    expect(retryDelayMs(2, { baseMs: 5, random: () => 0.5 })).toBe(300);
    expect(retryDelayMs(2, { baseMs: 5_000, random: () => 0 })).toBe(270_000);
    expect(retryDelayMs(2, { baseMs: 5_000, random: () => 0.999_999 })).toBe(330_000);
  });
});

describe('retryAfterMs', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('reads delay-seconds and HTTP dates, bounded to [0, 10 h]', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(String(7 * 24 * 3600), now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('ignores what it cannot read', () => {
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('1.5', now)).toBeNull();
  });
});

describe('progressAfter', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const retry = { baseMs: 1000, random: () => 0.5 };
  const failed = { failed: true, statusCode: 500 };

  it('delivers on success', () => {
    expect(progressAfter({ attempts: 2, test: false }, { failed: false, statusCode: 200 }, now, retry)).toEqual({ status: 'delivered', attempts: 3, next_attempt_at: null, delivered_at: now });
  });

  it('schedules the next attempt after a failure on the scaled schedule', () => {
    expect(progressAfter({ attempts: 1, test: false }, failed, now, retry)).toEqual({
      status: 'pending', attempts: 2, next_attempt_at: new Date(now.getTime() + 60_000), delivered_at: null,
    });
  });

  it('waits what Retry-After asks on 429 and 503, and ignores it on other answers', () => {
    const asked = (statusCode: number) => progressAfter({ attempts: 0, test: false }, { failed: true, statusCode, retryAfter: '42' }, now, retry).next_attempt_at!.getTime() - now.getTime();
    expect(asked(429)).toBe(42_000);
    expect(asked(503)).toBe(42_000);
    expect(asked(500)).toBe(1_000);
  });

  it(`gives up after attempt ${MAX_ATTEMPTS}`, () => {
    expect(progressAfter({ attempts: MAX_ATTEMPTS - 2, test: false }, failed, now, retry).status).toBe('pending');
    expect(progressAfter({ attempts: MAX_ATTEMPTS - 1, test: false }, failed, now, retry)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
  });

  it('gives a test delivery one attempt', () => {
    expect(progressAfter({ attempts: 0, test: true }, failed, now, retry)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('failureRecipients', () => {
  it('prefers mail_exceptions_to, else the administrators, else nobody', () => {
    expect(failureRecipients('a@x.example, b@y.example', ['admin@x.example'])).toBe('a@x.example, b@y.example');
    expect(failureRecipients(null, ['admin@x.example', 'boss@x.example'])).toBe('admin@x.example, boss@x.example');
    expect(failureRecipients(' , ', ['admin@x.example'])).toBe('admin@x.example');
    expect(failureRecipients(null, [])).toBeNull();
  });
});

describe('fanOutDeliveryId', () => {
  const at = new Date('2026-11-29T08:15:30.123Z');
  it('is a UUID v7 carrying the event time, the same for the same job and webhook, different otherwise', () => {
    const id = fanOutDeliveryId('1234', 7, at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryIdTime(id)).toEqual(at);
    expect(fanOutDeliveryId('1234', 7, at)).toBe(id);
    expect(fanOutDeliveryId('1234', 8, at)).not.toBe(id);
    expect(fanOutDeliveryId('1235', 7, at)).not.toBe(id);
  });

  it('gives no time for an id made before ids carried one', () => {
    expect(deliveryIdTime('9a2f6c1e-3b4d-5e6f-8a7b-1c2d3e4f5a6b')).toBeNull();
    expect(deliveryIdTime('9a2f6c1e-3b4d-4e6f-8a7b-1c2d3e4f5a6b')).toBeNull();
    expect(deliveryIdTime(newDeliveryId(at))).toEqual(at);
  });
});

describe('eventNodeType', () => {
  it('names the record type of an event', () => {
    expect(eventNodeType('request.create')).toBe('Request');
    expect(eventNodeType('service_instance.update')).toBe('ServiceInstance');
    expect(eventNodeType('ci.update')).toBe('ConfigurationItem');
    expect(eventNodeType('automation_rule')).toBe('AutomationRule');
  });
});
