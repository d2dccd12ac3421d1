/**
 * `/v1/tasks/:id/approvals` and `/v1/project_tasks/:id/approvals` (issue 32, docs/decisions/051):
 * the approvers of an approval task with their decisions, and the caller's decision as one of them
 * (domain workflows/task-approvals.ts, approvable.ts).
 */
import { z } from 'zod';
import { APPROVABLES, withArticle, type Approvable, type ApprovalView } from '@tessera/domain';
import { defineRoute, writeInput, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';
import { idParams, recordIdParam } from './record.schema.js';

const approvalSchema = z.object({
  approver: z.object({ id: z.int(), name: z.string() }).describe('The approver'),
  status: z.enum(['pending', 'approved', 'rejected']).describe('Their decision; pending until they decide'),
  decided_at: z.string().nullable().describe('When they decided; null while pending'),
}).describe('An approver of the task and their decision');

const present = (approval: ApprovalView) => ({ ...approval, decided_at: approval.decided_at?.toISOString() ?? null });

const decisionBody = writeInput({
  params: z.object({ id: z.string() }),
  body: z.strictObject({ status: z.enum(['approved', 'rejected']).describe('The caller’s decision') }).describe('The caller’s decision on the approval task'),
  what: 'an approval',
});

export function taskApprovalsRoutes(services: ApiServices): RouteTable {
  return APPROVABLES.flatMap((of) => approvalRoutes(services, of));
}

function approvalRoutes(services: ApiServices, { def, deciders }: Approvable): RouteTable {
  const who = deciders === 'approver_ids' ? 'approvers' : 'people it is assigned to';
  const tag = def.plural;
  return [
    defineRoute({
      method: 'get',
      path: `/v1/${def.path}/:id/approvals`,
      operationId: `list${def.node}Approvals`,
      tag,
      summary: `The ${who} of ${withArticle(def.what)}, each with their decision`,
      needs: { scope: `${def.noun}:Read` },
      input: { params: idParams(def.what), parse: ({ params }) => ({ id: recordIdParam(params['id']) }) },
      responses: { 200: { description: `Its ${who} by id, each with their decision`, schema: z.array(approvalSchema) } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json((await services.taskApprovals.list(def, access, input.id)).map(present));
      },
    }),
    defineRoute({
      method: 'post',
      path: `/v1/${def.path}/:id/approvals`,
      operationId: `decide${def.node}Approval`,
      tag,
      summary: `Approve or reject an approval ${def.what}, as one of its ${who}`,
      description:
        `Only one of its ${who} decides, once, while it waits for approval (assigned, accepted or in progress). The first rejection rejects ` +
        `it; the approval that reaches \`required_approvals\` approves it, firing ${def.noun}.update and ${def.noun}.status-changed and assigning its successors.`,
      needs: { note: `${deciders === 'approver_ids' ? `An approver of the ${def.what}` : `One of the people the ${def.what} is assigned to`} (docs/decisions/051)`, scope: `${def.noun}:Update`, answer: `${def.noun}:Read` },
      input: { ...decisionBody, parse: (raw) => {
        const { params, body } = decisionBody.parse(raw);
        return { id: recordIdParam(params.id), body };
      } },
      responses: { 200: { description: `Its ${who} after the decision, each with theirs`, schema: z.array(approvalSchema) } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json((await services.taskApprovals.decide(def, access, id, body)).map(present));
      },
    }),
  ];
}
