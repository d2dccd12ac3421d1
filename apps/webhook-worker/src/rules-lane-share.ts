/**
 * The rules lane's slots shared between accounts (docs/decisions/059). The queue hands out jobs
 * first come, first served, so one account's backlog of rule runs held every other account's
 * rules behind it (in the rules-fairness bench, another account's rule ran 14 s after its change).
 * Here an account that holds its share of the lane — half its slots (at least one), or half of the
 * process's time in evaluating its rules over the last few seconds (CPU-bound rules at the bounds
 * of decision 054 held the thread, however the slots were shared: another account's rule ran 14 s
 * after its change) — takes no more while another account's `automation-run` job is due: its jobs
 * wait in the queue, none is dropped. They carry its flag (rule-lane-flags.ts) and
 * the lane's runner leaves flagged jobs for now (graphile-worker's forbiddenFlags). Alone, an
 * account takes every slot. Whether others wait is read by the claim that needs it, at most once a
 * `refreshMs` per account holding its share (one more statement a second at most, while it does).
 */
import { ruleLaneFlag } from '@tessera/domain';

export interface RulesLaneShare {
  /** Runs one job of the account, which holds a slot meanwhile. */
  run<T>(account: string, work: () => Promise<T>): Promise<T>;
  /** The flags whose jobs the lane leaves for now: those of the accounts holding their share while others' jobs are due. */
  forbidden(): string[] | Promise<string[]>;
}

export interface RulesLaneShareOptions {
  slots: number;
  /** The accounts whose rules spent at least `ms` evaluating in the last `seconds` in this process (EvaluationBudget.spending). */
  spending?: (ms: number, seconds: number) => string[];
  /** Whether an `automation-run` job without this flag is due. */
  othersDue(flag: string): Promise<boolean>;
  refreshMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** The window over which an account's evaluation time is weighed, and its share of it. */
const EVALUATION_WINDOW_SECONDS = 5;
const EVALUATION_SHARE = 0.5;

export function rulesLaneShare({ slots, spending = () => [], othersDue, refreshMs = 1000, now = Date.now, onError = () => undefined }: RulesLaneShareOptions): RulesLaneShare {
  const share = Math.max(1, Math.floor(slots / 2));
  const running = new Map<string, number>();
  const waiting = new Map<string, { at: number; due: Promise<boolean> }>();

  /** Whether others' jobs are due beside the account's: read again once the last answer is `refreshMs` old. */
  const othersWait = (account: string): Promise<boolean> => {
    const known = waiting.get(account);
    if (known && now() - known.at < refreshMs) return known.due;
    const due = othersDue(ruleLaneFlag(account)).catch((error: unknown) => {
      // Not known: the account is not held back.
      onError(error);
      return false;
    });
    waiting.set(account, { at: now(), due });
    return due;
  };

  return {
    async run(account, work) {
      running.set(account, (running.get(account) ?? 0) + 1);
      try {
        return await work();
      } finally {
        const left = running.get(account)! - 1;
        if (left > 0) running.set(account, left);
        else running.delete(account);
      }
    },
    forbidden() {
      const busy = spending(EVALUATION_SHARE * EVALUATION_WINDOW_SECONDS * 1000, EVALUATION_WINDOW_SECONDS);
      const holding = [...new Set([...[...running].filter(([, count]) => count >= share).map(([account]) => account), ...busy])];
      for (const account of waiting.keys()) if (!holding.includes(account)) waiting.delete(account);
      // The common case, no account holding its share: nothing to read, and the claim goes on at once.
      if (holding.length === 0) return [];
      return Promise.all(holding.map(async (account) => ((await othersWait(account)) ? [ruleLaneFlag(account)] : []))).then((flags) => flags.flat());
    },
  };
}
