import { presentMe } from '@tessera/domain';
import { NO_INPUT, defineRoute, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';
import { meSchema } from './me.schema.js';

/** `GET /v1/me`: the person behind the token, in the account of the call; needs me:Read (SPEC.md authentication rule 3). */
export function meRoutes(services: ApiServices): RouteTable {
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
        res.json(presentMe(await services.me(access)));
      },
    }),
  ];
}
