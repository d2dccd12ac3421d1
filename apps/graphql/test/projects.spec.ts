import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * Projects and their project tasks over GraphQL (issue 32, docs/decisions/050), as over REST
 * (apps/api/test/projects.spec.ts): a project task created by `projectTaskCreate` is assigned at
 * once when its predecessors are finished, finishing one assigns its successors, and the
 * project's status follows; a refused transition is a payload error naming the field.
 */
describe('projects and project tasks over GraphQL', () => {
  let g: GraphqlHarness;
  const run = (query: string, variables: Record<string, unknown> = {}) => g.data(query, variables);
  const createTask = async (input: object) =>
    (await run('mutation($input: ProjectTaskCreateInput!) { projectTaskCreate(input: $input) { projectTask { id status } errors { path message } } }', {
      input: { category: 'activity', plannedDuration: 30, ...input },
    })).projectTaskCreate;
  const updateTask = async (input: object) =>
    (await run('mutation($input: ProjectTaskUpdateInput!) { projectTaskUpdate(input: $input) { projectTask { id status } errors { path message } } }', { input })).projectTaskUpdate;
  const node = async (type: 'Project' | 'ProjectTask', id: string, fields: string) => (await run(`query($id: ID!) { node(id: $id) { ... on ${type} { ${fields} } } }`, { id })).node;

  beforeAll(async () => {
    g = await startGraphqlHarness();
  }, 60_000);
  afterAll(() => g.stop());

  it('works a project through: tasks assigned as their predecessors finish, the project status following them', async () => {
    const customer = (await run('mutation { organizationCreate(input: { name: "GraphQL Customer" }) { organization { id } errors { message } } }')).organizationCreate.organization.id as string;
    const service = (await run('mutation($input: ServiceCreateInput!) { serviceCreate(input: $input) { service { id } errors { message } } }', {
      input: { name: 'GraphQL Project Service', providerId: customer },
    })).serviceCreate.service.id as string;
    const created = (await run('mutation($input: ProjectCreateInput!) { projectCreate(input: $input) { project { id status manager { id } } errors { path message } } }', {
      input: { subject: 'Open the new office', serviceId: service, customerId: customer, justification: 'expansion' },
    })).projectCreate;
    expect(created).toMatchObject({ project: { status: 'registered', manager: { id: expect.any(String) } }, errors: [] });
    const project = created.project.id as string;

    const first = await createTask({ projectId: project, subject: 'Sign the lease' });
    expect(first).toMatchObject({ projectTask: { status: 'assigned' }, errors: [] });
    const manager = created.project.manager.id as string;
    const second = await createTask({ projectId: project, subject: 'Furnish', predecessorIds: [first.projectTask.id], assignmentIds: [manager] });
    expect(second).toMatchObject({ projectTask: { status: 'registered' }, errors: [] });
    expect(await node('Project', project, 'status')).toEqual({ status: 'in_progress' });

    expect(await updateTask({ id: first.projectTask.id, status: 'completed' })).toMatchObject({ projectTask: { status: 'completed' }, errors: [] });
    expect(await node('ProjectTask', second.projectTask.id, 'status predecessors(first: 5) { nodes { id } } assignments(first: 5) { nodes { id } }')).toEqual({
      status: 'assigned', predecessors: { nodes: [{ id: first.projectTask.id }] }, assignments: { nodes: [{ id: manager }] },
    });
    const back = await updateTask({ id: first.projectTask.id, status: 'registered' });
    expect(back).toEqual({ projectTask: null, errors: [{ path: ['input', 'status'], message: 'Status: a project task that has left registered does not return to it' }] });
    await updateTask({ id: second.projectTask.id, status: 'canceled' });
    expect(await node('Project', project, 'status completionReason')).toEqual({ status: 'completed', completionReason: 'complete' });
  });
});
