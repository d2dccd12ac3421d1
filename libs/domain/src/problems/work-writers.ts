/**
 * Who writes the work of a service desk beyond requests (docs/decisions/046, 051): the people who
 * hold a role in the account. Administrators and agents (the service desk, its coordinators) write
 * any of it; a specialist creates it, and changes, deletes and notes only the work they are
 * responsible for (`workWriters`), as a service desk hands work to the people doing it. An auditor
 * reads, and an end user (no role) neither writes nor is refused reading by this rule.
 */
import type { RecordLimited, RecordWriters } from '../record-engine/define-record.js';

export const WORK_WRITERS: RecordWriters = {
  roles: ['administrator', 'agent', 'specialist'],
  note: 'The administrator, agent or specialist role in the account (docs/decisions/046)',
  rule: 'Problems and risks are written by the administrators, agents and specialists of the account',
};

/** WORK_WRITERS, a specialist limited to the records `by` makes them responsible for; `rule` says which (the 403's reason). */
export function workWriters(plural: string, by: RecordLimited['by'], rule: string): RecordWriters {
  return {
    roles: ['administrator', 'agent', 'specialist'],
    note: `The administrator or agent role in the account, or the specialist role for the ${plural} they are responsible for (docs/decisions/051)`,
    rule: `${plural[0]!.toUpperCase()}${plural.slice(1)} are written by the administrators, agents and specialists of the account`,
    limited: { roles: ['specialist'], by, rule },
  };
}
