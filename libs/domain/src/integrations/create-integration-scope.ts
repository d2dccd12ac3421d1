/**
 * `POST /v1/integrations/:id/scopes`: adds a scope to an integration. Steps,
 * in one transaction: lock the integration → check the scope (effect default
 * `allow`, at least one action, conditions default none; scope-statement.ts)
 * → insert → audit line → revoke the integration's OAuth authorizations
 * (authorization-revocation.ts: any scope change does).
 */
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import type { IntegrationScopeRecord } from './integration-record.js';
import { lockedIntegration } from './locked-integration.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';
import { checkedScopeFields, type ScopeInput } from './scope-input.js';

export async function createIntegrationScope(
  access: AccessContext,
  integrationId: number,
  input: ScopeInput,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'integrations' | 'integrationScopes'>,
): Promise<IntegrationScopeRecord> {
  assertIntegrationAdmin(access, 'Update');
  return uow.transaction(async (tx) => {
    await lockedIntegration(tx, access, integrationId);
    const fields = checkedScopeFields(input);
    const scope = await tx.integrationScopes.insert(access.account.id, integrationId, fields);
    await recordSettingChange(tx, access, { type: 'IntegrationScope', id: scope.id }, 'create', { integration_id: integrationId, ...fields });
    await tx.integrations.revokeAuthorizations(access.account.id, integrationId);
    return scope;
  });
}
