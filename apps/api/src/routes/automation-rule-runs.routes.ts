/**
 * `GET /v1/automation_rules/:id/runs` (issue 33, docs/decisions/053): a rule's run log with the
 * collection conventions, newest first unless sorted otherwise (domain automation/rule-runs.ts).
 */
import { z } from 'zod';
import { AUTOMATION_RULE, RULE_LIMITS, RULE_RUN_RECORD, type RuleRunView } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, type RouteTable } from '@tessera/http';
import { answerShape, collectionSpecOf, parseCollectionQuery, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { idParams, recordIdParam } from './record.schema.js';

const present = (run: RuleRunView) => ({ ...run, at: run.at.toISOString() });

export function automationRuleRunsRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  const collection = collectionSpecOf(RULE_RUN_RECORD);
  const run = z.object(answerShape(RULE_RUN_RECORD, z.null())).partial().describe('A run of the rule');
  return [
    defineRoute({
      method: 'get',
      path: `/v1/${AUTOMATION_RULE.path}/:id/runs`,
      operationId: 'listAutomationRuleRuns',
      tag: AUTOMATION_RULE.plural,
      summary: 'The runs of an automation rule, newest first',
      description:
        `Each time its trigger fired: on which record, whether its condition held and which actions it did, or why it failed or stopped ` +
        `(depth over ${RULE_LIMITS.maxDepth}, the account's rules past acting ${RULE_LIMITS.runsPerMinute} times a minute). About the newest ${RULE_LIMITS.runsKept} runs of a rule are kept.`,
      needs: { scope: `${AUTOMATION_RULE.noun}:Read` },
      input: {
        params: idParams(AUTOMATION_RULE.what),
        query: collectionQuerySchema(collection, pageSize),
        parse: ({ params, query }) => {
          const parsed = parseCollectionQuery(query, collection, pageSize);
          // Newest first unless the caller sorts.
          return { id: recordIdParam(params['id']), query: query['sort'] === undefined ? { ...parsed, sort: [{ field: 'id', direction: 'desc' as const }] } : parsed };
        },
      },
      responses: { 200: { description: 'One page of its runs, with the selected fields', schema: z.array(run), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        const page = await services.listRuleRuns(access, id, query);
        sendCollection(req, res, query, page, present, `${apiUrl}/${AUTOMATION_RULE.path}/${id}/runs`);
      },
    }),
  ];
}
