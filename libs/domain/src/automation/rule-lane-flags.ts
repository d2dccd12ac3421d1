/**
 * Every `automation-run` job carries its account's flag (graphile-worker's job flags), so the rules
 * lane can leave an account's jobs for now while it holds its share of the lane's slots and other
 * accounts' jobs wait (docs/decisions/059): without it the lane takes jobs first come, first served,
 * and one account's backlog holds every other account's rules behind it.
 */
const PREFIX = 'rules-account:';

export function ruleLaneFlag(account: string): string {
  return `${PREFIX}${account}`;
}
