/**
 * `GET /v1/<path>/:id/automation_rules` for each record type rules exist for (../shared/RECORDS.md
 * §1's sub-collections, docs/decisions/058): the rules that record owns, with the rules' collection
 * conventions (domain automation/owned-rules.ts). The record's Read and the rules'.
 */
import { AUTOMATION_RULE, RULE_NOUNS, RULE_SUBJECTS, presentRecord, withArticle } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type PageSizeLimits } from '@tessera/validation';
import { z } from 'zod';
import type { ApiServices } from '../services.js';
import { idParams, recordIdParam, recordSchemas } from './record.schema.js';

export function automationRuleOwnersRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  const collection = collectionSpecOf(AUTOMATION_RULE.fields);
  const schemas = recordSchemas(AUTOMATION_RULE);
  return RULE_NOUNS.map((noun) => {
    const { path, what, node } = RULE_SUBJECTS[noun];
    return defineRoute({
      method: 'get',
      path: `/v1/${path}/:id/${AUTOMATION_RULE.path}`,
      operationId: `list${node}AutomationRules`,
      tag: AUTOMATION_RULE.plural,
      summary: `The automation rules ${withArticle(what)} owns`,
      description: `Its own rules (\`owner_type\` ${noun}), not those generic for every ${what}: \`/${AUTOMATION_RULE.path}/for_${path}\` lists both. Administrators read them; anyone else lists none.`,
      // The record is read first, then its rules: both Reads, checked before anything runs.
      needs: { scope: `${noun}:Read`, answer: `${AUTOMATION_RULE.noun}:Read` },
      input: {
        params: idParams(what),
        query: collectionQuerySchema(collection, pageSize),
        parse: ({ params, query }) => ({ id: recordIdParam(params['id']), query: parseCollectionQuery(query, collection, pageSize) }),
      },
      responses: { 200: { description: 'One page of automation rules, with the selected fields', schema: z.array(schemas.listed), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        const page = await services.listOwnedRules(noun, access, id, query);
        sendCollection(req, res, query, page, (view) => presentRecord(AUTOMATION_RULE, view), `${apiUrl}/${path}/${id}/${AUTOMATION_RULE.path}`);
      },
    });
  });
}
