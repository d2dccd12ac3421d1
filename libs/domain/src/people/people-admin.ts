/**
 * Who writes people (issue 22): the administrator role in the account of the call and a
 * token whose scopes allow `person:<operation>`; the REST routes declare the same needs.
 * A person of the directory account is managed in the directory account: from a support
 * domain, where they are visible, a change of them is refused with 403 (docs/decisions/033).
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { isAdministrator } from '../identity/roles.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';

export function assertPeopleAdmin(access: Pick<AccessContext, 'roles' | 'scopes' | 'account'>, operation: 'Create' | 'Update'): void {
  if (!isAdministrator(access.roles)) throw forbidden('This needs the administrator role in the account');
  assertAllowed(access, 'person', operation);
}

export const MANAGED_IN_DIRECTORY = 'This person belongs to the directory account and is managed there';
