/**
 * Who reads a broadcast (docs/decisions/056): its writers (administrators, agents) and the
 * auditors of the account read every one; anyone else reads those whose `visibility` reaches
 * them — all of the account, its specialists (a role in the account), the members of its teams,
 * the people of its organizations (and of those below them). The platform's other audiences
 * (covered for, customers, skill pools, sites) name records Tessera does not keep yet: such a
 * broadcast reaches no one else.
 */
import type { RecordReaders } from '../record-engine/record-readers.js';

export const BROADCAST_READERS: RecordReaders = {
  all: ['administrator', 'agent', 'auditor'],
  when: [
    { where: { visibility: ['all_of_account'] }, to: 'anyone' },
    { where: { visibility: ['account_specialists'] }, to: { role: true } },
    { where: { visibility: ['members_of_teams'] }, to: { team: 'team_ids' } },
    { where: { visibility: ['organizations'] }, to: { organization: 'organization_ids' } },
    { where: { visibility: ['organizations_and_descendants'] }, to: { organization: 'organization_ids', below: true } },
  ],
};
