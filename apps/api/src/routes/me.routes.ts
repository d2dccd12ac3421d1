import { encodeNodeId, notFound } from '@tessera/domain';
import { NO_INPUT, defineRoute, type RouteTable } from '@tessera/http';
import { findPersonView, type Database } from '@tessera/persistence';
import { meSchema } from './me.schema.js';

/** `GET /v1/me`: the person behind the token, in the account of the call; needs me:Read (SPEC.md authentication rule 3). */
export function meRoutes(db: Database): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/me',
      operationId: 'getMe',
      tag: 'identity',
      summary: 'The person behind the token',
      needs: { scope: 'me:Read' },
      input: NO_INPUT,
      responses: { 200: { description: 'The person, their roles in the account of the call, and that account', schema: meSchema } },
      handler: async ({ res, access }) => {
        const person = await findPersonView(db, access.person.id);
        if (!person) throw notFound();
        res.json({
          ...person,
          nodeID: encodeNodeId('Person', person.id),
          organization: person.organization && { ...person.organization, nodeID: encodeNodeId('Organization', person.organization.id) },
          roles: access.roles,
          current_account: { id: access.account.id, name: access.account.name },
        });
      },
    }),
  ];
}
