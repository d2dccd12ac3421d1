/**
 * Who writes teams (issue 22): the administrator role in the account of the call and a
 * token whose scopes allow `team:<operation>`; the REST routes and GraphQL mutations
 * declare the same needs.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { isAdministrator } from '../identity/roles.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';

export function assertTeamsAdmin(access: Pick<AccessContext, 'roles' | 'scopes' | 'account'>, operation: 'Create' | 'Update'): void {
  if (!isAdministrator(access.roles)) throw forbidden('This needs the administrator role in the account');
  assertAllowed(access, 'team', operation);
}
