import { fanOutDeliveryId } from './delivery-id.js';
import { failureRecipients, MAX_ATTEMPTS, progressAfter, retryDelayMs } from './delivery-rules.js';
import { eventNodeType } from './test-webhook.js';

describe('retryDelayMs', () => {
  it('doubles from the base after each failed attempt, capped at an hour', () => {
    expect([1, 2, 3, 4, 9].map((attempt) => retryDelayMs(attempt, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000]);
    expect(retryDelayMs(3, 10)).toBe(40);
  });
});

describe('progressAfter', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('delivers on success', () => {
    expect(progressAfter({ attempts: 2, test: false }, false, now, 1000)).toEqual({ status: 'delivered', attempts: 3, next_attempt_at: null, delivered_at: now });
  });

  it('schedules the next attempt after a failure, base × 2^(n-1) later', () => {
    expect(progressAfter({ attempts: 2, test: false }, true, now, 1000)).toEqual({
      status: 'pending', attempts: 3, next_attempt_at: new Date(now.getTime() + 4000), delivered_at: null,
    });
  });

  it(`gives up after attempt ${MAX_ATTEMPTS}`, () => {
    expect(progressAfter({ attempts: MAX_ATTEMPTS - 2, test: false }, true, now, 1000).status).toBe('pending');
    expect(progressAfter({ attempts: MAX_ATTEMPTS - 1, test: false }, true, now, 1000)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
  });

  it('gives a test delivery one attempt', () => {
    expect(progressAfter({ attempts: 0, test: true }, true, now, 1000)).toMatchObject({ status: 'failed', attempts: 1 });
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
  it('is a UUID v5, the same for the same job and webhook, different otherwise', () => {
    const id = fanOutDeliveryId('1234', 7);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fanOutDeliveryId('1234', 7)).toBe(id);
    expect(fanOutDeliveryId('1234', 8)).not.toBe(id);
    expect(fanOutDeliveryId('1235', 7)).not.toBe(id);
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
