/**
 * `PATCH /v1/integrations/:id/applications/:app_id`: changes an OAuth
 * application's name, redirect URIs or disabled flag. Steps, in one
 * transaction: lock the integration → find the application → check the fields
 * → keep what really changes → update → audit line → disabling it revokes the
 * integration's OAuth authorizations (authorization-revocation.ts).
 */
import { notFound } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { disablingRevokes } from './authorization-revocation.js';
import { auditPairs, changedFields } from './changed-fields.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import { applicationFieldErrors } from './integration-fields.js';
import type { OAuthApplicationFields, OAuthApplicationInput, OAuthApplicationRecord } from './integration-record.js';
import { lockedIntegration } from './locked-integration.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';

export async function updateOAuthApplication(
  access: AccessContext,
  integrationId: number,
  applicationId: number,
  input: OAuthApplicationInput,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'integrations' | 'oauthApplications'>,
): Promise<OAuthApplicationRecord> {
  assertIntegrationAdmin(access, 'Update');
  return uow.transaction(async (tx) => {
    await lockedIntegration(tx, access, integrationId);
    const current = await tx.oauthApplications.find(access.account.id, integrationId, applicationId);
    if (!current) throw notFound();
    const errors = applicationFieldErrors(input, false);
    assertValidInput(input, errors);
    const changes = changedFields<OAuthApplicationFields>(current, input);
    if (Object.keys(changes).length === 0) return current;
    const updated = await tx.oauthApplications.update(access.account.id, integrationId, applicationId, changes);
    await recordSettingChange(tx, access, { type: 'OAuthApplication', id: applicationId }, 'update', auditPairs(current, changes));
    if (disablingRevokes(current, changes)) await tx.integrations.revokeAuthorizations(access.account.id, integrationId);
    return updated;
  });
}
