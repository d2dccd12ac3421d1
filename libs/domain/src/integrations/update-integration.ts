/**
 * `PATCH /v1/integrations/:id`: changes the name, description or disabled
 * flag. Steps, in one transaction: lock the integration → check the fields →
 * keep what really changes (nothing: the integration as it is) → update (a
 * name the account already uses is a conflict) → audit line → disabling it
 * revokes its OAuth authorizations (authorization-revocation.ts).
 */
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { disablingRevokes } from './authorization-revocation.js';
import { auditPairs, changedFields } from './changed-fields.js';
import { nameTaken } from './create-integration.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import { integrationFieldErrors } from './integration-fields.js';
import type { IntegrationFields, IntegrationInput, IntegrationRecord } from './integration-record.js';
import { lockedIntegration } from './locked-integration.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';

export async function updateIntegration(
  access: AccessContext,
  id: number,
  input: IntegrationInput,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'integrations'>,
): Promise<IntegrationRecord> {
  assertIntegrationAdmin(access, 'Update');
  return uow.transaction(async (tx) => {
    const current = await lockedIntegration(tx, access, id);
    const errors = integrationFieldErrors(input, false);
    assertValidInput(input, errors);
    const changes = changedFields<IntegrationFields>(current, input);
    if (Object.keys(changes).length === 0) return current;
    const updated = await tx.integrations.update(access.account.id, id, changes);
    if (updated === 'name-taken') throw nameTaken(changes.name ?? current.name);
    await recordSettingChange(tx, access, { type: 'Integration', id }, 'update', auditPairs(current, changes));
    if (!disablingRevokes(current, changes)) return updated;
    return { ...updated, authorizations_revoked_at: await tx.integrations.revokeAuthorizations(access.account.id, id) };
  });
}
