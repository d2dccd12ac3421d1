/**
 * Memberships are the team's (docs/decisions/035): whichever write changes them — a team's
 * `member_ids` or a person's `team_ids` — each team whose members change gets one audit line
 * `member_ids: [before, after]` and publishes `team.update`, in the caller's transaction.
 */
import { recordChange, type RecordChange } from '../outbox/record-change.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { AccountId } from '../tenancy/account-id.js';

type Tx = Pick<Transaction, 'teamWrites' | 'auditLines' | 'jobs'>;

/** Two sorted id lists hold the same ids. */
export const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Puts the person in the teams of `wanted` and out of the others of `current` (team ids of the account, sorted). */
export async function changePersonTeams(tx: Tx, account: AccountId, actor: RecordChange['actor'], personId: number, current: readonly number[], wanted: readonly number[]): Promise<void> {
  const changed = [...new Set([...current, ...wanted])].filter((id) => current.includes(id) !== wanted.includes(id)).sort((a, b) => a - b);
  // Teams locked in id order, as every membership write locks them: two writes never wait on each other in a cycle.
  for (const teamId of changed) {
    if (!(await tx.teamWrites.findForUpdate(account, teamId))) continue;
    const before = await tx.teamWrites.memberIds(teamId);
    const after = wanted.includes(teamId) ? [...new Set([...before, personId])].sort((a, b) => a - b) : before.filter((id) => id !== personId);
    if (sameIds(before, after)) continue;
    await tx.teamWrites.replaceMembers(teamId, after);
    await recordChange(tx, {
      account, record: { type: 'Team', id: teamId }, action: 'update', actor, source: null, sourceId: null,
      changes: { member_ids: [before, after] }, events: [{ name: 'team.update' }],
    });
  }
}
