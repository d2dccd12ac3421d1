/**
 * `/v1/tasks/:id/approvals` (issue 32, docs/decisions/051): the approvers of an approval task with
 * their decisions, and the caller's decision as one of them (domain workflows/task-approvals.ts).
 */
import { z } from 'zod';
import type { ApprovalView } from '@tessera/domain';
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
  return [
    defineRoute({
      method: 'get',
      path: '/v1/tasks/:id/approvals',
      operationId: 'listTaskApprovals',
      tag: 'tasks',
      summary: 'The approvers of a task, each with their decision',
      needs: { scope: 'task:Read' },
      input: { params: idParams('task'), parse: ({ params }) => ({ id: recordIdParam(params['id']) }) },
      responses: { 200: { description: 'Its approvers by id, each with their decision', schema: z.array(approvalSchema) } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json((await services.taskApprovals.list(access, input.id)).map(present));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/tasks/:id/approvals',
      operationId: 'decideTaskApproval',
      tag: 'tasks',
      summary: 'Approve or reject an approval task, as one of its approvers',
      description:
        'Only an approver of the task decides, once, while it waits for approval (assigned, accepted or in progress). The first rejection rejects ' +
        'the task; the approval that reaches `required_approvals` approves it, firing task.update and task.status-changed and assigning its successors.',
      needs: { note: 'An approver of the task (docs/decisions/051)', scope: 'task:Update', answer: 'task:Read' },
      input: { ...decisionBody, parse: (raw) => {
        const { params, body } = decisionBody.parse(raw);
        return { id: recordIdParam(params.id), body };
      } },
      responses: { 200: { description: 'Its approvers after the decision, each with theirs', schema: z.array(approvalSchema) } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json((await services.taskApprovals.decide(access, id, body)).map(present));
      },
    }),
  ];
}
