/**
 * The port every counter store implements: count one call in several fixed
 * windows at once, in ONE round trip to the store, so that a request pays for
 * its rate limits once whatever the number of windows. Counters live in the
 * store, never in the process, so that every replica sees the same counts.
 */
export interface WindowHit {
  /** Unique per window and caller; hits of the same key share one counter. */
  key: string;
  durationSeconds: number;
  /**
   * What this hit adds to its window instead of `calls`: lets one round trip
   * count a call in its request windows (1) and its cost in a points window
   * (n), or read a window without counting (0). Negative amounts give points
   * back (a refund) through the same counter.
   */
  increment?: number;
}

export interface WindowCount {
  /** Calls counted in the window so far, this one included. */
  count: number;
  /** Milliseconds until the window resets, by the store's clock. */
  msBeforeReset: number;
}

export interface WindowCounter {
  /**
   * Counts `calls` calls (default 1) in every window, or the window's own
   * `increment` when it has one. A window whose time is up starts again at
   * that amount for `durationSeconds`. Answers in the order of
   * `windows`, each count including these calls.
   */
  hit(windows: readonly WindowHit[], calls?: number): Promise<WindowCount[]>;
}
