import { formatKinds } from './events.bench.js';

describe('events report — new and matching events apart', () => {
  it('prints p50, p90 and p99 of each kind of event that ran, and skips a kind that did not', () => {
    const latencies = Array.from({ length: 100 }, (_, i) => i + 1);

    const lines = formatKinds({ new: latencies, matching: [] });

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ +new events +p50 +51\.0 ms +p90 +91\.0 ms +p99 +100\.0 ms +100 calls$/);
  });
});
