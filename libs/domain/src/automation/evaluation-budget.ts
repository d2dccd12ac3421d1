/**
 * The time an account's rules may spend evaluating in one worker process (docs/decisions/059):
 * accepted expressions may each take milliseconds (decision 054's bounds), and an account's rules
 * that evaluate without ever acting escape the budget of acting runs; without this bound, one
 * account's rules could take the worker's core from every other account's rules and from the api
 * beside it. Counted per process, in memory, over the last minute in one-second buckets: CPU is a
 * process's, and a second replica has cores of its own.
 */
export interface EvaluationBudget {
  /** The bound, in milliseconds of evaluation a minute. */
  readonly limitMs: number;
  /** Whether the account's rules spent the bound in the last minute. */
  exhausted(account: string): boolean;
  /** Adds `ms` of evaluation to the account's last minute. */
  charge(account: string, ms: number): void;
  /** The accounts whose rules spent at least `ms` evaluating in the last `seconds` (at most 60): those taking the process's thread. */
  spending(ms: number, seconds: number): string[];
}

const WINDOW_SECONDS = 60;

export function evaluationBudget(limitMs: number, now: () => number = () => performance.now()): EvaluationBudget {
  // Per account: milliseconds spent in each second of the window, by the second's number.
  const spent = new Map<string, Map<number, number>>();
  const second = () => Math.floor(now() / 1000);
  const total = (account: string, seconds = WINDOW_SECONDS): number => {
    const buckets = spent.get(account);
    if (!buckets) return 0;
    const now = second();
    let sum = 0;
    for (const [at, ms] of buckets) {
      if (at <= now - WINDOW_SECONDS) buckets.delete(at);
      else if (at > now - seconds) sum += ms;
    }
    if (buckets.size === 0) spent.delete(account);
    return sum;
  };
  return {
    limitMs,
    exhausted: (account) => total(account) >= limitMs,
    charge(account, ms) {
      let buckets = spent.get(account);
      if (!buckets) spent.set(account, (buckets = new Map()));
      const at = second();
      buckets.set(at, (buckets.get(at) ?? 0) + ms);
    },
    spending: (ms, seconds) => [...spent.keys()].filter((account) => total(account, seconds) >= ms),
  };
}
