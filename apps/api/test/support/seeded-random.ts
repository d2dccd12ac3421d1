/**
 * The fuzz specs' random source: mulberry32, small, fast and the same sequence
 * on every run for one seed, so a failing case can be replayed from its seed.
 */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  pick<T>(values: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (values) => values[Math.floor(next() * values.length)]!, chance: (p) => next() < p };
}
