import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { postVars } from './support/reads-fixtures.js';

/**
 * A request's problem, workflow and project over GraphQL (issue 32), as over REST
 * (apps/api/test/work-record-requests.spec.ts): `problemId` / `workflowId` / `projectId` on
 * requestCreate and requestUpdate, `Request.problem` / `workflow` / `project`, and the `requests`
 * connection of each, with the visibility of every read of requests.
 */
describe('requests linked to a problem, a workflow and a project over GraphQL', () => {
  let g: GraphqlHarness;
  let problem: string;
  let workflow: string;
  let project: string;
  const run = (query: string, variables: Record<string, unknown> = {}) => g.data(query, variables);
  const LINKS = 'dbId problem { id subject } workflow { id subject } project { id subject }';

  beforeAll(async () => {
    g = await startGraphqlHarness();
    const provider = (await run('mutation { organizationCreate(input: { name: "Link Provider" }) { organization { id } errors { message } } }')).organizationCreate.organization
      .id as string;
    const service = (await run('mutation($input: ServiceCreateInput!) { serviceCreate(input: $input) { service { id } errors { message } } }', {
      input: { name: 'Link Service', providerId: provider },
    })).serviceCreate.service.id as string;
    problem = (await run('mutation($input: ProblemCreateInput!) { problemCreate(input: $input) { problem { id } errors { path message } } }', {
      input: { subject: 'Mail queue stalls', serviceId: service },
    })).problemCreate.problem.id;
    workflow = (await run('mutation($input: WorkflowCreateInput!) { workflowCreate(input: $input) { workflow { id } errors { path message } } }', {
      input: { subject: 'Replace the relay', category: 'standard', justification: 'maintenance', serviceId: service },
    })).workflowCreate.workflow.id;
    project = (await run('mutation($input: ProjectCreateInput!) { projectCreate(input: $input) { project { id } errors { path message } } }', {
      input: { subject: 'New mail platform', serviceId: service, customerId: provider, justification: 'move' },
    })).projectCreate.project.id;
  }, 60_000);
  afterAll(() => g.stop());

  it('links on create and change, reads the links back, and lists the requests of each record with the request visibility', async () => {
    const created = (await run(`mutation($input: RequestCreateInput!) { requestCreate(input: $input) { request { ${LINKS} } errors { path message } } }`, {
      input: { subject: 'Mail is late', problemId: problem, workflowId: workflow },
    })).requestCreate;
    expect(created).toEqual({
      request: { dbId: expect.any(Number), problem: { id: problem, subject: 'Mail queue stalls' }, workflow: { id: workflow, subject: 'Replace the relay' }, project: null },
      errors: [],
    });
    const id = encodeNodeId('Request', created.request.dbId);
    const changed = (await run(`mutation($input: RequestUpdateInput!) { requestUpdate(input: $input) { request { ${LINKS} } errors { path message } } }`, {
      input: { id, projectId: project, workflowId: null },
    })).requestUpdate;
    expect(changed.request).toMatchObject({ problem: { id: problem }, workflow: null, project: { id: project, subject: 'New mail platform' } });

    const bad = (await run('mutation($input: RequestUpdateInput!) { requestUpdate(input: $input) { request { dbId } errors { path message } } }', {
      input: { id, problemId: encodeNodeId('Problem', 999_999) },
    })).requestUpdate;
    expect(bad).toEqual({ request: null, errors: [{ path: ['input', 'problemId'], message: expect.stringContaining('does not match any record') }] });

    const danaId = (await g.test.db('people').where({ primary_email: 'dana@widget.example' }).first('id')).id as number;
    const hers = (await run('mutation($input: RequestCreateInput!) { requestCreate(input: $input) { request { dbId } errors { path message } } }', {
      input: { subject: 'Dana cannot send', problemId: problem, requestedForId: encodeNodeId('Person', danaId) },
    })).requestCreate.request.dbId as number;

    const QUERY = `query($id: ID!) { node(id: $id) { ... on Problem { requests(first: 1) { totalCount pageInfo { hasNextPage endCursor } nodes { dbId } } } } }`;
    const page = (await run(QUERY, { id: problem })).node.requests;
    expect(page).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true }, nodes: [{ dbId: created.request.dbId }] });
    const wf = (await run('query($id: ID!) { node(id: $id) { ... on Workflow { requests(first: 5) { totalCount } } } }', { id: workflow })).node.requests;
    expect(wf).toEqual({ totalCount: 0 });
    const pr = (await run('query($id: ID!) { node(id: $id) { ... on Project { requests(first: 5) { nodes { dbId } } } } }', { id: project })).node.requests;
    expect(pr).toEqual({ nodes: [{ dbId: created.request.dbId }] });

    const dana = await g.tokenWith(['request:*', 'problem:Read'], 'dana@widget.example');
    const seen = (await postVars(g, dana, QUERY.replace('first: 1', 'first: 5'), { id: problem })).json();
    expect(seen.errors).toBeUndefined();
    expect(seen.data.node.requests).toMatchObject({ totalCount: 1, nodes: [{ dbId: hers }] });
  });
});
