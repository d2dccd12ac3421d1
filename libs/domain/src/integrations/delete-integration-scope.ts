/**
 * `DELETE /v1/integrations/:id/scopes/:scope_id`: removes a scope. Steps, in
 * one transaction: lock the integration → find the scope → delete → audit line
 * with the values it had → revoke the integration's OAuth authorizations
 * (authorization-revocation.ts).
 */
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import { lockedIntegration } from './locked-integration.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';

export async function deleteIntegrationScope(
  access: AccessContext,
  integrationId: number,
  scopeId: number,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'integrations' | 'integrationScopes'>,
): Promise<void> {
  assertIntegrationAdmin(access, 'Update');
  await uow.transaction(async (tx) => {
    await lockedIntegration(tx, access, integrationId);
    const scope = await tx.integrationScopes.find(access.account.id, integrationId, scopeId);
    if (!scope) throw notFound();
    await tx.integrationScopes.delete(access.account.id, integrationId, scopeId);
    const { effect, actions, conditions } = scope;
    await recordSettingChange(tx, access, { type: 'IntegrationScope', id: scopeId }, 'delete', { integration_id: integrationId, effect, actions, conditions });
    await tx.integrations.revokeAuthorizations(access.account.id, integrationId);
  });
}
