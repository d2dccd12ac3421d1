/**
 * Who writes configuration items and service instances (docs/decisions/034): the
 * administrator or the agent role in the account of the call, and a token whose scopes allow
 * `ci:<operation>` / `service_instance:<operation>`. The routes declare the scope; the role is
 * checked here, for REST and GraphQL alike.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';

export const CMDB_WRITER_RULE = 'Configuration items and service instances are written by the administrators and agents of the account';

export function assertCmdbWriter(access: Pick<AccessContext, 'roles' | 'scopes' | 'account'>, recordType: 'ci' | 'service_instance', operation: 'Create' | 'Update'): void {
  if (!access.roles.includes('administrator') && !access.roles.includes('agent')) throw forbidden(CMDB_WRITER_RULE);
  assertAllowed(access, recordType, operation);
}
