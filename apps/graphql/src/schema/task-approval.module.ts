/**
 * The approvals of an approval task (docs/decisions/051), as REST `/v1/tasks/:id/approvals` and
 * `/v1/project_tasks/:id/approvals`: a task's and a project task's `approvals`, each approver with
 * their decision, and `taskApprovalDecide` (either's ID), the caller's decision as one of its
 * approvers, through the same use case.
 */
import { APPROVABLES, type ApprovalView, type RecordDefinition } from '@tessera/domain';
import { isoDate, reference } from '../connections/connection-resolvers.js';
import type { FieldNeeds } from '../field-needs.js';
import { caller, type GraphqlContext } from './graphql-context.js';
import { OF_THE_PAYLOAD, payload, recordIdOf } from './record-mutations.js';
import type { InputFields } from './record-input.js';
import type { SchemaModule } from './schema-module.js';

/** The decision's one input field, as the use case's errors name it. */
const DECISION_FIELDS: InputFields = { status: ['status', 'text'] };

/** `<record>ApprovalDecide`: the caller's decision on the approval task the input's `id` names, a node ID of `node`. */
function decideResolver(node: string) {
  const def = approvable(node);
  return async (_parent: unknown, { input }: { input: { id: unknown; status: string } }, context: GraphqlContext) => {
    const access = caller(context);
    const id = recordIdOf(input.id, node);
    if (id === null) return { approvals: null, errors: [{ path: ['input', 'id'], message: `Not the ID of a ${node}` }] };
    return payload(DECISION_FIELDS, { approvals: null }, async () => ({
      approvals: (await context.services.decideTaskApproval(def, access, id, { status: input.status.toLowerCase() })).map(row),
    }));
  };
}

/** The approval task of a node type. */
const approvable = (node: string): RecordDefinition => APPROVABLES.find((of) => of.def.node === node)!.def;

const OF_THE_APPROVAL: FieldNeeds = { parent: 'part of the approval the parent field returned' };

/** An approval as its fields resolve it: the approver by id. */
const row = (approval: ApprovalView) => ({ approver_id: approval.approver.id, status: approval.status.toUpperCase(), decided_at: approval.decided_at });

export const taskApprovalModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "An approver's decision on an approval task."
    enum TaskApprovalStatus {
      PENDING
      APPROVED
      REJECTED
    }

    "An approver of an approval task and their decision (see /v1/tasks/:id/approvals)."
    type TaskApproval {
      approver: Person
      status: TaskApprovalStatus!
      "When they decided; null while pending."
      decidedAt: DateTime
    }

    extend type Task {
      "Its approvers by id, each with their decision."
      approvals: [TaskApproval!]!
    }

    extend type ProjectTask {
      "The people it is assigned to by id, each with their decision on it as an approval task."
      approvals: [TaskApproval!]!
    }

    "The caller's decision on an approval task, as one of its approvers."
    input TaskApprovalDecideInput {
      "The approval task (a Task for taskApprovalDecide, a ProjectTask for projectTaskApprovalDecide)."
      id: ID!
      "APPROVED or REJECTED."
      status: TaskApprovalStatus!
    }

    type TaskApprovalDecidePayload {
      "Its approvers after the decision; null when errors is not empty."
      approvals: [TaskApproval!]
      errors: [MutationError!]!
    }

    extend type Mutation {
      "Approves or rejects an approval task as one of its approvers: the first rejection rejects it, the approval reaching its required approvals approves it (task.status-changed)."
      taskApprovalDecide(input: TaskApprovalDecideInput!): TaskApprovalDecidePayload!
      "Approves or rejects an approval project task as one of the people it is assigned to, as taskApprovalDecide (project_task.status-changed)."
      projectTaskApprovalDecide(input: TaskApprovalDecideInput!): TaskApprovalDecidePayload!
    }
  `,
  needs: {
    'Task.approvals': { action: 'task:Read' },
    'ProjectTask.approvals': { action: 'project_task:Read' },
    'TaskApproval.approver': { action: 'person:Read' },
    'TaskApproval.status': OF_THE_APPROVAL,
    'TaskApproval.decidedAt': OF_THE_APPROVAL,
    'Mutation.taskApprovalDecide': { action: 'task:Update', answer: 'task:Read' },
    'Mutation.projectTaskApprovalDecide': { action: 'project_task:Update', answer: 'project_task:Read' },
    'TaskApprovalDecidePayload.approvals': OF_THE_PAYLOAD,
    'TaskApprovalDecidePayload.errors': OF_THE_PAYLOAD,
  },
  resolvers: {
    Task: {
      approvals: async (task: unknown, _args: unknown, context: GraphqlContext) =>
        (await context.services.listTaskApprovals(approvable('Task'), caller(context), (task as { id: number }).id)).map(row),
    },
    ProjectTask: {
      approvals: async (task: unknown, _args: unknown, context: GraphqlContext) =>
        (await context.services.listTaskApprovals(approvable('ProjectTask'), caller(context), (task as { id: number }).id)).map(row),
    },
    TaskApproval: {
      approver: reference('Person', 'approver_id'),
      decidedAt: isoDate('decided_at'),
    },
    Mutation: {
      taskApprovalDecide: decideResolver('Task'),
      projectTaskApprovalDecide: decideResolver('ProjectTask'),
    },
  },
};
