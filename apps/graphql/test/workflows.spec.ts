import { encodeNodeId } from '@tessera/domain';
import { insertNeededRecord } from '@tessera/persistence/testing';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * A workflow worked through over GraphQL (docs/decisions/051): the use cases REST calls, the same
 * lifecycle — tasks created with their workflow's ID, an approval task decided by its approvers with
 * `taskApprovalDecide`, successors assigned, the workflow's status following, read by node ID.
 */
describe('GraphQL: workflows, tasks and their approvals', () => {
  let g: GraphqlHarness;
  let service: number;

  async function run(query: string, variables: Record<string, unknown> = {}) {
    const reply = await g.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${g.demo.admin.token}`, 'x-service-account': g.demo.account },
      body: JSON.stringify({ query, variables }),
    });
    expect(reply.status).toBe(200);
    const body = await reply.json();
    expect(body.errors).toBeUndefined();
    return body.data;
  }

  beforeAll(async () => {
    g = await startGraphqlHarness();
    service = await insertNeededRecord(g.test.db, g.demo.account, 'Service');
  });
  afterAll(() => g.stop());

  it('creates a workflow and its tasks, decides an approval task and reads the statuses that follow', async () => {
    const adminId = (await g.test.db('people').where({ primary_email: g.demo.admin.email }).first('id')).id as number;
    const workflow = (await run(`mutation($input: WorkflowCreateInput!) { workflowCreate(input: $input) { workflow { id status } errors { path message } } }`, {
      input: { subject: 'Upgrade the database', category: 'standard', justification: 'maintenance', serviceId: encodeNodeId('Service', service) },
    })).workflowCreate;
    expect(workflow).toMatchObject({ errors: [], workflow: { status: 'registered' } });
    const createTask = async (input: Record<string, unknown>) =>
      (await run(`mutation($input: TaskCreateInput!) { taskCreate(input: $input) { task { id status } errors { path message } } }`, {
        input: { workflowId: workflow.workflow.id, category: 'implementation', plannedDuration: 10, ...input },
      })).taskCreate;
    const approval = await createTask({ subject: 'Approve', category: 'approval', approverIds: [encodeNodeId('Person', adminId)] });
    expect(approval).toMatchObject({ errors: [], task: { status: 'assigned' } });
    const after = await createTask({ subject: 'Upgrade', predecessorIds: [approval.task.id] });
    expect(after.task.status).toBe('registered');
    const refused = await createTask({ subject: 'Short', category: 'approval', requiredApprovals: 2, approverIds: [encodeNodeId('Person', adminId)] });
    expect(refused).toEqual({ task: null, errors: [{ path: ['input', 'approverIds'], message: 'Approvers: an approval task needs at least 2, its required approvals' }] });

    const decided = (await run(`mutation($input: TaskApprovalDecideInput!) { taskApprovalDecide(input: $input) { approvals { approver { name } status decidedAt } errors { path message } } }`, {
      input: { id: approval.task.id, status: 'APPROVED' },
    })).taskApprovalDecide;
    expect(decided).toEqual({ errors: [], approvals: [{ approver: { name: expect.any(String) }, status: 'APPROVED', decidedAt: expect.any(String) }] });
    const again = (await run(`mutation($input: TaskApprovalDecideInput!) { taskApprovalDecide(input: $input) { approvals { status } errors { path message } } }`, {
      input: { id: approval.task.id, status: 'REJECTED' },
    })).taskApprovalDecide;
    expect(again).toEqual({ approvals: null, errors: [{ path: ['input', 'status'], message: 'Status: the task does not wait for approval (it is approved)' }] });

    const read = await run(`query($a: ID!, $b: ID!, $w: ID!) {
      a: node(id: $a) { ... on Task { status finishedAt approvals { status } } }
      b: node(id: $b) { ... on Task { status predecessors(first: 5) { nodes { id } } } }
      w: node(id: $w) { ... on Workflow { status } }
    }`, { a: approval.task.id, b: after.task.id, w: workflow.workflow.id });
    expect(read.a).toMatchObject({ status: 'approved', approvals: [{ status: 'APPROVED' }] });
    expect(read.b).toEqual({ status: 'assigned', predecessors: { nodes: [{ id: approval.task.id }] } });
    expect(read.w.status).toBe('in_progress');
    const listed = await run(`query($w: [ID]) { tasks(first: 5, filter: { workflow: { values: $w } }) { totalCount nodes { id } } }`, { w: [workflow.workflow.id] });
    expect(listed.tasks).toEqual({ totalCount: 2, nodes: [{ id: approval.task.id }, { id: after.task.id }] });
  });
});
