/**
 * Whether a process of this user still runs. The specs' own check, not the launcher's isAlive
 * (db/db-state.ts): a spec that asked the code under test whether it stopped its processes could
 * not catch that code being wrong.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
