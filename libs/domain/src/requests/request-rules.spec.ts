import { assertRequestRules, requestRuleErrors } from './request-rules.js';

const at = (iso: string) => new Date(iso);
const base = { status: 'assigned' as const, completion_reason: null, downtime_start_at: null, downtime_end_at: null };

describe('request rules across fields', () => {
  it('accept an open request without downtimes', () => {
    expect(requestRuleErrors(base)).toEqual([]);
  });

  it('require a completion reason on a completed request', () => {
    expect(requestRuleErrors({ ...base, status: 'completed' })).toEqual([['completion_reason', expect.stringContaining("can't be blank")]]);
    expect(requestRuleErrors({ ...base, status: 'completed', completion_reason: 'solved' })).toEqual([]);
  });

  it('refuse a downtime that ends before it starts, and accept one that ends when it starts', () => {
    expect(requestRuleErrors({ ...base, downtime_start_at: at('2026-11-20T10:00:00Z'), downtime_end_at: at('2026-11-20T09:59:59Z') })).toEqual([
      ['downtime_end_at', expect.any(String)],
    ]);
    expect(requestRuleErrors({ ...base, downtime_start_at: at('2026-11-20T10:00:00Z'), downtime_end_at: at('2026-11-20T10:00:00Z') })).toEqual([]);
  });

  it('judge one end alone as valid', () => {
    expect(requestRuleErrors({ ...base, downtime_end_at: at('2026-11-20T09:00:00Z') })).toEqual([]);
  });

  it('throw a 422 with every broken rule at once', () => {
    const broken = { status: 'completed' as const, completion_reason: null, downtime_start_at: at('2026-11-20T10:00:00Z'), downtime_end_at: at('2026-11-20T09:00:00Z') };
    expect(() => assertRequestRules(broken)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', errors: [['completion_reason', expect.any(String)], ['downtime_end_at', expect.any(String)]] }));
  });
});
