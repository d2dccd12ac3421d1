/**
 * Who manages integrations: integrations are settings of an account, so every
 * read and write of integrations, their scopes and their OAuth applications
 * needs the administrator role in the account of the call and a token whose
 * scopes allow `integration:<operation>` (docs/decisions/013-scope-conditions.md).
 * The REST routes declare the same needs; the use cases check them again so
 * that every transport gets the same answer.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { isAdministrator } from '../identity/roles.js';
import type { ScopeOperation } from '../scopes/scope-action.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';

export function assertIntegrationAdmin(access: Pick<AccessContext, 'roles' | 'scopes' | 'account'>, operation: ScopeOperation): void {
  if (!isAdministrator(access.roles)) throw forbidden('This needs the administrator role in the account');
  assertAllowed(access, 'integration', operation);
}
