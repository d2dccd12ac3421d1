/**
 * `POST /v1/integrations`: a new integration of the call's account, enabled
 * unless said otherwise, without scopes or applications yet. Steps, in one
 * transaction: check the fields → insert (a name the account already uses is
 * a conflict) → audit line.
 */
import { namesComparedAsRead } from '../records/names-as-read.js';
import { conflict } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import { integrationFieldErrors } from './integration-fields.js';
import type { IntegrationFields, IntegrationInput, IntegrationRecord } from './integration-record.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';

export const nameTaken = (name: string) => conflict(`An integration named '${name.slice(0, 190)}' already exists in this account ${namesComparedAsRead}`);

export async function createIntegration(
  access: AccessContext,
  input: IntegrationInput,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'integrations'>,
): Promise<IntegrationRecord> {
  assertIntegrationAdmin(access, 'Create');
  const errors = integrationFieldErrors(input, true);
  assertValidInput(input, errors);
  const fields: IntegrationFields = { name: input.name!, description: input.description ?? null, disabled: input.disabled ?? false };
  return uow.transaction(async (tx) => {
    const integration = await tx.integrations.insert(access.account.id, fields);
    if (integration === 'name-taken') throw nameTaken(fields.name);
    await recordSettingChange(tx, access, { type: 'Integration', id: integration.id }, 'create', { ...fields });
    return integration;
  });
}
