import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { IntegrationRecord } from './integration-record.js';

/**
 * The integration of the call's account, row-locked for the rest of the
 * transaction, so that changes to it, its scopes and its applications (and
 * the revocation they cause) happen one after the other; not found otherwise.
 */
export async function lockedIntegration(tx: Pick<Transaction, 'integrations'>, access: Pick<AccessContext, 'account'>, id: number): Promise<IntegrationRecord> {
  const integration = await tx.integrations.findForUpdate(access.account.id, id);
  if (!integration) throw notFound();
  return integration;
}
