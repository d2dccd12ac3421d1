/**
 * `POST /v1/integrations/:id/applications`: a new OAuth application of an
 * integration, with a generated client id and client secret. The secret is
 * in this answer only; the store keeps its digest (oauth-client-credentials.ts).
 * Steps, in one transaction: lock the integration → check the fields →
 * generate the credentials → insert → audit line (never the secret).
 */
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { assertIntegrationAdmin } from './integration-admin.js';
import { applicationFieldErrors } from './integration-fields.js';
import type { OAuthApplicationFields, OAuthApplicationInput, OAuthApplicationRecord } from './integration-record.js';
import { lockedIntegration } from './locked-integration.js';
import { generateClientCredentials } from './oauth-client-credentials.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';

export interface CreatedOAuthApplication {
  application: OAuthApplicationRecord;
  /** Shown once, to the administrator who created the application. */
  clientSecret: string;
}

export async function createOAuthApplication(
  access: AccessContext,
  integrationId: number,
  input: OAuthApplicationInput,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'integrations' | 'oauthApplications'>,
): Promise<CreatedOAuthApplication> {
  assertIntegrationAdmin(access, 'Update');
  return uow.transaction(async (tx) => {
    await lockedIntegration(tx, access, integrationId);
    const errors = applicationFieldErrors(input, true);
    assertValidInput(input, errors);
    const fields: OAuthApplicationFields = { name: input.name!, redirect_uris: input.redirect_uris!, disabled: input.disabled ?? false };
    const { clientId, clientSecret, clientSecretHash } = generateClientCredentials();
    const application = await tx.oauthApplications.insert(access.account.id, {
      ...fields, integration_id: integrationId, client_id: clientId, client_secret_hash: clientSecretHash,
    });
    await recordSettingChange(tx, access, { type: 'OAuthApplication', id: application.id }, 'create', { integration_id: integrationId, client_id: clientId, ...fields });
    return { application, clientSecret };
  });
}
