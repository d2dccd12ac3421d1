/**
 * Who reads a knowledge article (docs/decisions/056), as the public platform's help has it: the
 * administrators, agents and auditors of the account read every article; an article not yet
 * validated is for the account's specialists; a validated one for the audiences its flags name;
 * an archived one for no one else. `key_contacts` reaches no one beyond these yet: Tessera has no
 * key contact role.
 */
import type { RecordReaders } from '../record-engine/record-readers.js';

const VALIDATED = ['validated'] as const;

export const KNOWLEDGE_ARTICLE_READERS: RecordReaders = {
  all: ['administrator', 'agent', 'auditor'],
  when: [
    { where: { status: ['work_in_progress', 'not_validated'] }, to: { role: true } },
    { where: { status: VALIDATED, internal_specialists: true }, to: { role: true } },
    // Covered specialists: the members of the teams that support its service or one of its service instances.
    { where: { status: VALIDATED, covered_specialists: true }, to: { team: 'service_id.support_team_id' } },
    { where: { status: VALIDATED, covered_specialists: true }, to: { team: 'service_instance_ids.support_team_id' } },
    { where: { status: VALIDATED, end_users: true }, to: 'anyone' },
  ],
};
