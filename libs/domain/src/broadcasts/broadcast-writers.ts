/**
 * Who broadcasts (docs/decisions/043): the administrators and the agents of the account. A
 * broadcast tells the account's people about an outage or a service back to normal; the service
 * desk learns of it first and answers the calls it causes, so its agents post and end it, as the
 * public platform's service desk analysts and managers do. Specialists report an outage to the
 * desk; auditors and end users read.
 */
import type { RecordWriters } from '../record-engine/define-record.js';

export const BROADCAST_WRITERS: RecordWriters = {
  roles: ['administrator', 'agent'],
  rule: 'Broadcasts are written by the administrators and agents of the account',
  note: 'The administrator or agent role in the account (docs/decisions/043)',
};
