import { arrivalRate, commitToDelivery, dueAtMs, summariseLatencies } from './delivery-figures.js';
import { percentile } from './load.js';

describe('arrivalRate', () => {
  it('counts the intervals between the first and the last arrival, in any order', () => {
    expect(arrivalRate([1000, 1500, 1250, 2000, 1750])).toEqual({ count: 5, spanMs: 1000, perSecond: 4 });
  });

  it('is 0 per second with fewer than two arrivals, or all at one instant', () => {
    expect(arrivalRate([]).perSecond).toBe(0);
    expect(arrivalRate([5]).perSecond).toBe(0);
    expect(arrivalRate([5, 5]).perSecond).toBe(0);
  });
});

describe('percentile and summariseLatencies', () => {
  it('take the nearest rank of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(51);
    expect(percentile(values, 0.99)).toBe(100);
    expect(percentile([], 0.5)).toBe(0);
  });

  it('sort what they are given, and give the maximum', () => {
    expect(summariseLatencies([30, 10, 20, 40])).toEqual({ count: 4, p50Ms: 30, p90Ms: 40, p99Ms: 40, maxMs: 40 });
    expect(summariseLatencies(Array.from({ length: 10 }, (_, i) => 10 - i))).toMatchObject({ p50Ms: 6, p90Ms: 10 });
    expect(summariseLatencies([])).toEqual({ count: 0, p50Ms: 0, p90Ms: 0, p99Ms: 0, maxMs: 0 });
  });
});

describe('commitToDelivery', () => {
  it('pairs each commit with the arrival of the delivery made for its object, and counts the ones that never arrived', () => {
    const commits = new Map([[1, 100], [2, 200], [3, 300]]);
    const deliveries = [{ id: 'a', objectId: 1 }, { id: 'b', objectId: 2 }, { id: 'c', objectId: 3 }];
    const arrivals = new Map([['a', 112.5], ['c', 340]]);
    expect(commitToDelivery(commits, deliveries, arrivals)).toEqual({ latencies: [12.5, 40], missing: 1 });
  });

  it('ignores arrivals of deliveries that belong to no committed event (the warm-up, the baseline)', () => {
    const result = commitToDelivery(new Map([[7, 1000]]), [{ id: 'x', objectId: 7 }], new Map([['x', 1010], ['other', 5]]));
    expect(result).toEqual({ latencies: [10], missing: 0 });
  });
});

describe('dueAtMs', () => {
  it('spreads events evenly at the rate', () => {
    expect([0, 1, 2, 20].map((i) => dueAtMs(i, 20))).toEqual([0, 50, 100, 1000]);
  });
});
