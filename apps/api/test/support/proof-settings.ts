/**
 * The sizes of the proofs: CI runs them short; `npm run soak` sets these
 * variables to run the same specs longer (tools/bench/src/soak.ts).
 */
function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return value;
}

/** Multiplies every property's number of generated inputs (SOAK_INPUTS_FACTOR, 1 in CI). */
export const inputsFactor = () => positive('SOAK_INPUTS_FACTOR', 1);

/** The outage-under-load proof: clients, times the database is stopped, how long each stop lasts, load around each. */
export const outageLoad = () => ({
  writers: Math.round(positive('SOAK_WRITERS', 8)),
  readers: Math.round(positive('SOAK_READERS', 4)),
  restarts: Math.round(positive('SOAK_RESTARTS', 1)),
  downMs: positive('SOAK_DOWN_MS', 3_000),
  loadMs: positive('SOAK_LOAD_MS', 1_500),
});

/** A fixed seed replays a failure (SOAK_SEED, or the seed a failing run printed); otherwise a fresh one per run. */
export const proofSeed = () => {
  const raw = process.env.SOAK_SEED;
  return raw ? Number(raw) : Date.now() ^ (Math.random() * 0x7fffffff);
};
