/**
 * Who writes the service catalogue (organizations, services; docs/decisions/039): the
 * administrators of the account. The catalogue is the account's contractual structure — who
 * its customers and suppliers are, what it provides — which a service desk changes
 * deliberately, not in the course of handling requests as agents do with the CMDB (034).
 */
import type { RecordWriters } from '../record-engine/define-record.js';

export const CATALOGUE_WRITERS: RecordWriters = {
  roles: ['administrator'],
  rule: 'The service catalogue is written by the administrators of the account',
};
