/**
 * REFERENCE.md "Webhooks": webhook policies are for administrators only. Every
 * read and write needs the administrator role in the account of the call and a
 * token whose scopes allow `webhook_policy:<operation>`. The REST routes
 * declare the same needs; the use cases check them again so that every
 * transport gets the same answer.
 */
import { forbidden } from '../../errors/domain-error.js';
import type { AccessContext } from '../../identity/access-context.js';
import { isAdministrator } from '../../identity/roles.js';
import { assertAllowed } from '../../scopes/evaluate-scopes.js';
import type { ScopeOperation } from '../../scopes/scope-action.js';

export function assertWebhookPolicyAdmin(access: Pick<AccessContext, 'roles' | 'scopes' | 'account'>, operation: ScopeOperation): void {
  if (!isAdministrator(access.roles)) throw forbidden('This needs the administrator role in the account');
  assertAllowed(access, 'webhook_policy', operation);
}
