/**
 * SPEC.md "Webhooks API (administrator role only)": every read and write of
 * webhooks (and of the attachments their descriptions use) needs the
 * administrator role in the account of the call and a token whose scopes
 * allow `webhook:<operation>`. The REST routes declare the same needs; the use
 * cases check them again so that every transport gets the same answer.
 */
import { forbidden } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { isAdministrator } from '../identity/roles.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { ScopeOperation } from '../scopes/scope-action.js';

export function assertWebhookAdmin(access: Pick<AccessContext, 'roles' | 'scopes' | 'account'>, operation: ScopeOperation): void {
  if (!isAdministrator(access.roles)) throw forbidden('This needs the administrator role in the account');
  assertAllowed(access, 'webhook', operation);
}
