/**
 * `PATCH /v1/integrations/:id/scopes/:scope_id`: changes a scope's effect,
 * actions or conditions. Steps, in one transaction: lock the integration →
 * find the scope → check the scope as it would be → keep what really changes
 * (nothing: the scope as it is, and nothing revoked) → update → audit line →
 * revoke the integration's OAuth authorizations (authorization-revocation.ts).
 */
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ScopeFields } from '../scopes/scope-statement.js';
import { auditPairs, changedFields } from './changed-fields.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import type { IntegrationScopeRecord } from './integration-record.js';
import { lockedIntegration } from './locked-integration.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';
import { checkedScopeFields, type ScopeInput } from './scope-input.js';

export async function updateIntegrationScope(
  access: AccessContext,
  integrationId: number,
  scopeId: number,
  input: ScopeInput,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'integrations' | 'integrationScopes'>,
): Promise<IntegrationScopeRecord> {
  assertIntegrationAdmin(access, 'Update');
  return uow.transaction(async (tx) => {
    await lockedIntegration(tx, access, integrationId);
    const current = await tx.integrationScopes.find(access.account.id, integrationId, scopeId);
    if (!current) throw notFound();
    const fields = checkedScopeFields(input, current);
    const changes = changedFields<ScopeFields>(current, fields);
    if (Object.keys(changes).length === 0) return current;
    const updated = await tx.integrationScopes.update(access.account.id, integrationId, scopeId, changes);
    await recordSettingChange(tx, access, { type: 'IntegrationScope', id: scopeId }, 'update', auditPairs<ScopeFields>(current, changes));
    await tx.integrations.revokeAuthorizations(access.account.id, integrationId);
    return updated;
  });
}
