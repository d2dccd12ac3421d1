import type { AccessContext } from '../identity/access-context.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeUnitOfWork } from '../testing/fake-transaction.js';
import { createIntegrationScope } from './create-integration-scope.js';
import { deleteIntegrationScope } from './delete-integration-scope.js';
import type { IntegrationRecord, IntegrationScopeRecord } from './integration-record.js';
import { updateIntegrationScope } from './update-integration-scope.js';

const WDC = trustedAccountId('wdc');
const T0 = new Date('2026-03-01T12:00:00Z');

const admin = (lines = ['*:*'], roles: AccessContext['roles'] = ['administrator']): AccessContext => ({
  person: { id: 1, name: 'Alice Admin', accountId: 'wdc', primaryEmail: 'admin@widget.example', organizationId: null, inDirectoryAccount: false },
  account: { id: WDC, name: 'Widget Data Center', directoryAccountId: null },
  roles,
  scopes: tokenScopes(lines),
  token: { kind: 'personal_access_token', id: 1 },
});

/** Integration 5 of wdc with scope 9; records every write, in order. */
function store() {
  const integration: IntegrationRecord = {
    id: 5, account_id: WDC, name: 'Bridge', description: null, disabled: false, authorizations_revoked_at: null, created_at: T0, updated_at: T0,
  };
  const scope: IntegrationScopeRecord = { id: 9, integration_id: 5, effect: 'allow', actions: ['request:Read'], conditions: [], created_at: T0, updated_at: T0 };
  const writes: string[] = [];
  const uow = fakeUnitOfWork({
    integrations: {
      findForUpdate: async (account, id) => (account === WDC && id === 5 ? integration : null),
      revokeAuthorizations: async () => (writes.push('revoke'), T0),
    },
    integrationScopes: {
      find: async (_account, integrationId, id) => (integrationId === 5 && id === 9 ? scope : null),
      insert: async (_account, integrationId, fields) => (writes.push('insert'), { ...scope, ...fields, id: 10, integration_id: integrationId }),
      update: async (_account, _integrationId, _id, changes) => (writes.push(`update ${Object.keys(changes).join(',')}`), { ...scope, ...changes }),
      delete: async () => void writes.push('delete'),
    },
    auditLines: { insert: async (_account, line) => (writes.push(`audit ${line.recordType} ${line.action}`), 1) },
    jobs: { enqueue: async (jobs) => void (jobs.length > 0 && writes.push('jobs')), cancel: async () => undefined },
  });
  return { uow, writes };
}

describe('managing integration scopes — the steps and the revocation rule', () => {
  it('creates, audits, then revokes the authorizations, in that order, with no webhook job', async () => {
    const { uow, writes } = store();
    const created = await createIntegrationScope(admin(), 5, { actions: ['me:Read'] }, uow);
    expect(created).toMatchObject({ effect: 'allow', actions: ['me:Read'], conditions: [] });
    expect(writes).toEqual(['insert', 'audit IntegrationScope create', 'revoke']);
  });

  it('updates only the fields that change, then audits and revokes', async () => {
    const { uow, writes } = store();
    await updateIntegrationScope(admin(), 5, 9, { effect: 'deny', actions: ['request:Read'] }, uow);
    expect(writes).toEqual(['update effect', 'audit IntegrationScope update', 'revoke']);
  });

  it('writes nothing, revokes nothing, when the change changes nothing', async () => {
    const { uow, writes } = store();
    await updateIntegrationScope(admin(), 5, 9, { effect: 'allow', conditions: [] }, uow);
    expect(writes).toEqual([]);
  });

  it('deletes, audits and revokes', async () => {
    const { uow, writes } = store();
    await deleteIntegrationScope(admin(), 5, 9, uow);
    expect(writes).toEqual(['delete', 'audit IntegrationScope delete', 'revoke']);
  });

  it('refuses an invalid scope before any write', async () => {
    const { uow, writes } = store();
    await expect(createIntegrationScope(admin(), 5, { effect: 'perhaps' }, uow)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [['effect', "'perhaps' is not allow or deny"], ['actions', 'At least one action is required']],
    });
    expect(writes).toEqual([]);
  });

  it('answers not found for an integration the account does not have, and for an unknown scope', async () => {
    const { uow, writes } = store();
    await expect(createIntegrationScope(admin(), 6, { actions: ['me:Read'] }, uow)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(deleteIntegrationScope(admin(), 5, 10, uow)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(writes).toEqual([]);
  });

  it('needs the administrator role and integration:Update before touching the store', async () => {
    const { uow, writes } = store();
    await expect(createIntegrationScope(admin(['*:*'], ['agent']), 5, { actions: ['me:Read'] }, uow)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(deleteIntegrationScope(admin(['integration:Read']), 5, 9, uow)).rejects.toThrow("This token's scopes do not allow integration:Update");
    expect(writes).toEqual([]);
  });
});
