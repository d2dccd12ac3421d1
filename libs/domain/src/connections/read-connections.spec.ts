import type { AccessContext } from '../identity/access-context.js';
import { encodeNodeId } from '../node-id.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import type { GraphReads, GraphReadScope, NodeFilter } from './graph-reads.js';
import { readConnection, readNestedConnections, readNodesByIds } from './read-connections.js';

const WDC = trustedAccountId('wdc');
const access = (roles: AccessContext['roles'], lines: string[]): AccessContext => ({
  person: { id: 3, name: 'Eve', accountId: 'wdc', primaryEmail: 'eve@widget.example', organizationId: null, inDirectoryAccount: false },
  account: { id: WDC, name: 'Widget Data Center', directoryAccountId: 'widget' },
  roles,
  scopes: tokenScopes(lines),
  token: { kind: 'personal_access_token', id: 1 },
});

/** The store's port, recording what the use case asked it for. */
function recordingReads() {
  const asked: Array<{ method: string; scope: GraphReadScope; filter?: NodeFilter }> = [];
  const empty = { rows: [], totalCount: 0, hasNextPage: false, hasPreviousPage: false };
  const reads: GraphReads = {
    page: async (_kind, scope, filter) => (asked.push({ method: 'page', scope, filter }), empty),
    nestedPages: async (_edge, scope) => (asked.push({ method: 'nestedPages', scope }), new Map()),
    byIds: async (_kind, scope) => (asked.push({ method: 'byIds', scope }), []),
  };
  return { reads, asked };
}

describe('GraphQL read use cases', () => {
  it('reads the account of the call, with the end-user request scope of a person without roles', async () => {
    const { reads, asked } = recordingReads();
    await readConnection(access([], ['request:Read']), 'Request', { first: 5 }, reads);
    expect(asked[0]!.scope).toEqual({
      accountId: 'wdc',
      peopleAccounts: ['wdc', 'widget'],
      requests: { accountId: 'wdc', personId: 3, internalNotes: false },
      recordNotes: [],
      reader: { personId: 3, organizationId: null, roles: [] },
    });
  });

  it('reads the notes of the records of the engine whose Read the token allows, and no other', async () => {
    const { reads, asked } = recordingReads();
    await readConnection(access(['agent'], ['request:Read', 'problem:Read']), 'Request', { first: 5 }, reads);
    expect(asked[0]!.scope.recordNotes).toEqual(['Problem']);
  });

  it('refuses webhooks without the administrator role, before reading anything', async () => {
    const { reads, asked } = recordingReads();
    await expect(readConnection(access(['agent'], ['*:*']), 'Webhook', { first: 5 }, reads)).rejects.toThrow('administrator');
    await expect(readNodesByIds(access(['agent'], ['*:*']), 'Webhook', [1], reads)).rejects.toThrow('administrator');
    expect(asked).toEqual([]);
  });

  it('refuses a token without the Read action of the type, naming it', async () => {
    const { reads } = recordingReads();
    await expect(readConnection(access(['agent'], ['request:Read']), 'Person', { first: 5 }, reads)).rejects.toThrow('person:Read');
    await expect(readNestedConnections(access(['agent'], ['person:Read']), 'Person.teams', [1], { first: 5 }, reads)).rejects.toThrow('team:Read');
  });

  it('decodes node ID filters into ids and refuses an ID of another type or an unknown filter field', async () => {
    const { reads, asked } = recordingReads();
    const agent = access(['agent'], ['*:*']);
    await readConnection(agent, 'Request', { first: 5, filter: { team: { values: [encodeNodeId('Team', 9)] }, status: { values: ['assigned'] } } }, reads);
    expect(asked[0]!.filter).toEqual({ team: [9], status: ['assigned'] });
    await expect(readConnection(agent, 'Request', { first: 5, filter: { team: { values: [encodeNodeId('Person', 9)] } } }, reads)).rejects.toThrow('Validation Failed');
    await expect(readConnection(agent, 'Team', { first: 5, filter: { colour: { values: ['red'] } } }, reads)).rejects.toThrow('Validation Failed');
  });

  it('gives every parent a connection, empty where the store had nothing', async () => {
    const { reads } = recordingReads();
    const pages = await readNestedConnections(access(['agent'], ['*:*']), 'Team.members', [4, 5], { first: 2 }, reads);
    expect([...pages.keys()]).toEqual([4, 5]);
    expect(pages.get(5)).toMatchObject({ nodes: [], totalCount: 0, pageInfo: { hasNextPage: false } });
  });
});
