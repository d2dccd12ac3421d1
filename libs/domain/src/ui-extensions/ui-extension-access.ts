/**
 * Who may do what with UI extensions: reads need `ui_extension:Read` (any
 * role in the account); writes need the administrator role and
 * `ui_extension:<operation>`. The routes declare the same needs; the use
 * cases check again so that every transport gets the same answer.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { isAdministrator } from '../identity/roles.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';

export function assertUiExtensionAdmin(access: Pick<AccessContext, 'roles' | 'scopes' | 'account'>, operation: 'Create' | 'Update'): void {
  if (!isAdministrator(access.roles)) throw forbidden('This needs the administrator role in the account');
  assertAllowed(access, 'ui_extension', operation);
}

export function assertUiExtensionReader(access: Pick<AccessContext, 'roles' | 'scopes' | 'account'>): void {
  assertAllowed(access, 'ui_extension', 'Read');
}
