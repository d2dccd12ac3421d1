/**
 * Who writes the work of a service desk beyond requests — problems and risks (docs/decisions/046):
 * the people who hold a role in the account (administrators, agents, specialists); an auditor
 * reads, and an end user (no role) neither writes nor is refused reading by this rule.
 */
import type { RecordWriters } from '../record-engine/define-record.js';

export const WORK_WRITERS: RecordWriters = {
  roles: ['administrator', 'agent', 'specialist'],
  note: 'The administrator, agent or specialist role in the account (docs/decisions/046)',
  rule: 'Problems and risks are written by the administrators, agents and specialists of the account',
};
