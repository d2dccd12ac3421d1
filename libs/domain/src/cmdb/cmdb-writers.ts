/**
 * Who writes configuration items and service instances (docs/decisions/034): the
 * administrator or the agent role in the account of the call, and a token whose scopes allow
 * `ci:<operation>` / `service_instance:<operation>`, for REST and GraphQL alike.
 */
import type { RecordWriters } from '../record-engine/define-record.js';

export const CMDB_WRITERS: RecordWriters = {
  roles: ['administrator', 'agent'],
  rule: 'Configuration items and service instances are written by the administrators and agents of the account',
  note: 'The administrator or agent role in the account (docs/decisions/034)',
};
