/**
 * Issue 32 "Done when", end to end: on a fresh `npm start`, the work of a service desk is done
 * over REST and GraphQL — a workflow of four tasks (two in parallel, an approval task with two
 * approvers, one after them) in a release, started and worked through; a problem managed,
 * assigned, solved and noted, with the three requests it causes; a project with its tasks; a risk of
 * an organization, a service and a project, closed with a reason; a request
 * proposed as a major incident and moved on an agile board. A webhook subscribed, through the
 * REST API, to each event name of those records (and the requests' two verbs) points at a
 * receiver of this test; the worker delivers for real. Every status along the way is read back,
 * and the receiver gets exactly the messages of the changes made — each event with its status and
 * previous status — and nothing more once it has listened on past the last.
 */
import { EVENT_CATALOGUE, encodeNodeId } from '@tessera/domain';
import { mintToken } from '@tessera/persistence/testing';
import { startFreshStack, type Received } from './testing/stack-calls.js';

const NOUNS = ['workflow', 'task', 'release', 'problem', 'project', 'project_task', 'risk'] as const;
const REQUEST_VERBS = ['request.major-incident-status-changed', 'request.agile-board-column-changed'];
/** How long the receiver listens after the last expected message, for one that should not come. */
const QUIET_MS = 5_000;

/** A message as this spec compares it: the event, the record, and the status it moved to and from where the event says. */
type Seen = [event: string, objectId: number, detail: string];

describe('the work of a service desk on a fresh npm start: lifecycles over REST and GraphQL, one webhook message per change', () => {
  let fresh: Awaited<ReturnType<typeof startFreshStack>>;

  beforeAll(async () => {
    fresh = await startFreshStack('work');
  }, 120_000);

  afterAll(() => fresh?.stop());

  it('works a workflow, a problem, a project, a risk and a major incident through; each webhook receives exactly the changes made', async () => {
    const { test, receiver, credentials, admin } = fresh;
    const agentId = (await test.db('people').where({ primary_email: credentials.agent.email }).first('id')).id as number;
    // The agent approves too: a token of theirs with the work records' scopes (the demo's is for requests).
    const agent = await fresh.calls(await mintToken(test.db, agentId, ['task:*', 'person:Read']));
    const { rest } = admin;
    const me = (await rest('GET', '/me')).body as { id: number };
    const ok = async (answer: Promise<{ status: number; body: any }>, status = 200) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const { status: got, body } = await answer;
      expect({ got, body }).toEqual({ got: status, body: expect.anything() });
      return body;
    };
    const gql = async (calls: typeof admin, query: string, variables: Record<string, unknown>) => {
      const answer = await calls.graphql(query, variables);
      expect(answer.errors).toBeUndefined();
      return answer.data!;
    };
    const statusOf = async (route: string) => (await ok(rest('GET', route))).status as string;

    for (const event of [...NOUNS.flatMap((noun) => (EVENT_CATALOGUE[noun] as readonly string[]).map((verb) => `${noun}.${verb}`)), ...REQUEST_VERBS]) {
      await ok(rest('POST', '/webhooks', { event, uri: `${receiver.url}/${event}` }));
    }
    /** What each webhook should receive: the event and record, and the status moved to (and from). */
    const expected: Seen[] = [];
    const expect_ = (event: string, id: number, detail = '') => expected.push([event, id, detail]);
    const moved = (noun: string, id: number, from: string, to: string) => {
      expect_(`${noun}.update`, id, `status ${to}`);
      expect_(`${noun}.status-changed`, id, `${from} → ${to}`);
    };

    // The workflow, in a release, planned before it starts.
    const provider = (await ok(rest('GET', '/organizations?name=Widget%20Data%20Center'))).map((org: { id: number }) => org.id)[0];
    const service = (await ok(rest('POST', '/services', { name: 'Point of Sale', provider_id: provider }), 201)).id as number;
    const release = (await ok(rest('POST', '/releases', { subject: 'December release' }), 201)).id as number;
    expect_('release.create', release);
    const workflow = (await ok(rest('POST', '/workflows', { subject: 'Upgrade the POS terminals', category: 'standard', justification: 'maintenance', service_id: service, release_id: release, start_at: null }), 201)).id as number;
    expect_('workflow.create', workflow, 'status registered');
    const newTask = async (body: object) => (await ok(rest('POST', `/workflows/${workflow}/tasks`, { category: 'implementation', planned_duration: 30, ...body }), 201)).id as number;
    const stage = await newTask({ subject: 'Stage the firmware' });
    // Its first task gives the workflow, and so the release, an impact: a change of each, made by the service.
    expect_('task.create', stage, 'status registered');
    expect_('workflow.update', workflow, 'status registered');
    expect_('release.update', release);
    const test_ = await newTask({ subject: 'Test on one terminal' });
    expect_('task.create', test_, 'status registered');
    const cab = await newTask({ subject: 'Approve the rollout', category: 'approval', approver_ids: [me.id, agentId], required_approvals: 2 });
    expect_('task.create', cab, 'status registered');
    const roll = await newTask({ subject: 'Roll out', predecessor_ids: [stage, test_, cab] });
    expect_('task.create', roll, 'status registered');
    expect(await statusOf(`/workflows/${workflow}`)).toBe('registered');

    // Started (REST): the three that wait on none are assigned; the workflow and the release are in progress.
    await ok(rest('PATCH', `/workflows/${workflow}`, { start_at: new Date(Date.now() - 1000).toISOString() }));
    expect_('workflow.update', workflow, 'status registered');
    for (const id of [stage, test_, cab]) moved('task', id, 'registered', 'assigned');
    moved('workflow', workflow, 'registered', 'in_progress');
    expect_('release.update', release);
    expect([await statusOf(`/tasks/${stage}`), await statusOf(`/tasks/${test_}`), await statusOf(`/tasks/${cab}`), await statusOf(`/tasks/${roll}`)]).toEqual(['assigned', 'assigned', 'assigned', 'registered']);
    expect(await statusOf(`/releases/${release}`)).toBe('in_progress');

    // The two in parallel: one over REST, one over GraphQL.
    await ok(rest('PATCH', `/tasks/${stage}`, { status: 'completed' }));
    moved('task', stage, 'assigned', 'completed');
    const update = `mutation($input: TaskUpdateInput!) { taskUpdate(input: $input) { task { status } errors { message } } }`;
    expect((await gql(admin, update, { input: { id: encodeNodeId('Task', test_), status: 'completed' } })).taskUpdate).toEqual({ task: { status: 'completed' }, errors: [] });
    moved('task', test_, 'assigned', 'completed');
    expect(await statusOf(`/tasks/${roll}`)).toBe('registered');

    // The approval: the first approver over REST (no move), the second over GraphQL (approved, the rollout assigned).
    await ok(rest('POST', `/tasks/${cab}/approvals`, { status: 'approved' }));
    expect(await statusOf(`/tasks/${cab}`)).toBe('assigned');
    const decide = `mutation($input: TaskApprovalDecideInput!) { taskApprovalDecide(input: $input) { approvals { status } errors { message } } }`;
    expect((await gql(agent, decide, { input: { id: encodeNodeId('Task', cab), status: 'APPROVED' } })).taskApprovalDecide).toEqual({ approvals: [{ status: 'APPROVED' }, { status: 'APPROVED' }], errors: [] });
    moved('task', cab, 'assigned', 'approved');
    moved('task', roll, 'registered', 'assigned');
    expect(await statusOf(`/tasks/${roll}`)).toBe('assigned');

    // The last over GraphQL: the workflow completes, and with it the release.
    expect((await gql(admin, update, { input: { id: encodeNodeId('Task', roll), status: 'completed' } })).taskUpdate.task).toEqual({ status: 'completed' });
    moved('task', roll, 'assigned', 'completed');
    moved('workflow', workflow, 'in_progress', 'completed');
    expect_('release.update', release);
    const read = await gql(admin, `query($w: ID!, $r: ID!) { w: node(id: $w) { ... on Workflow { status completionReason } } r: node(id: $r) { ... on Release { status } } }`, {
      w: encodeNodeId('Workflow', workflow), r: encodeNodeId('Release', release),
    });
    expect(read).toEqual({ w: { status: 'completed', completionReason: 'complete' }, r: { status: 'completed' } });

    // A problem: managed, assigned, worked on, solved, noted.
    const team = (await ok(rest('POST', '/teams', { name: 'POS specialists' }), 201)).id as number;
    const problem = (await ok(rest('POST', '/problems', { subject: 'Terminals freeze at checkout', service_id: service }), 201)).id as number;
    expect_('problem.create', problem, 'status assigned');
    // The three requests it causes, linked to it (request.* events other than the two verbs are not subscribed here).
    const caused: number[] = [];
    for (const store of [12, 14, 31]) caused.push((await ok(rest('POST', '/requests', { subject: `Terminals freeze in store ${store}`, problem_id: problem }), 201)).id as number);
    expect((await ok(rest('GET', `/problems/${problem}/requests`))).map((row: { id: number }) => row.id)).toEqual(caused);
    expect((await ok(rest('GET', `/requests/${caused[0]}`))).problem).toMatchObject({ id: problem, name: 'Terminals freeze at checkout' });
    await ok(rest('PATCH', `/problems/${problem}`, { manager_id: agentId, team_id: team, member_id: me.id }));
    expect_('problem.update', problem, 'status assigned');
    expect_('problem.manager-changed', problem);
    expect_('problem.team-changed', problem);
    expect_('problem.member-changed', problem);
    await ok(rest('PATCH', `/problems/${problem}`, { status: 'in_progress' }));
    moved('problem', problem, 'assigned', 'in_progress');
    const solved = await ok(rest('PATCH', `/problems/${problem}`, { status: 'solved', known_error: true }));
    expect(solved.solved_at).not.toBeNull();
    moved('problem', problem, 'in_progress', 'solved');
    const note = await ok(rest('POST', `/problems/${problem}/notes`, { text: 'Firmware 2.1 fixes it' }), 201);
    expect_('problem.note-added', problem, `note ${note.id}`);

    // A project with two tasks, one after the other: it starts when created.
    const project = (await ok(rest('POST', '/projects', { subject: 'New stores', service_id: service, customer_id: provider, justification: 'expansion' }), 201)).id as number;
    expect_('project.create', project, 'status registered');
    const first = (await ok(rest('POST', `/projects/${project}/tasks`, { subject: 'Survey', category: 'activity', planned_duration: 60 }), 201)).id as number;
    expect_('project_task.create', first, 'status registered');
    moved('project_task', first, 'registered', 'assigned');
    moved('project', project, 'registered', 'in_progress');
    const second = (await ok(rest('POST', `/projects/${project}/tasks`, { subject: 'Install', category: 'activity', planned_duration: 240, predecessor_ids: [first] }), 201)).id as number;
    expect_('project_task.create', second, 'status registered');
    await ok(rest('PATCH', `/project_tasks/${first}`, { status: 'completed' }));
    moved('project_task', first, 'assigned', 'completed');
    moved('project_task', second, 'registered', 'assigned');
    await ok(rest('PATCH', `/project_tasks/${second}`, { status: 'completed' }));
    moved('project_task', second, 'assigned', 'completed');
    moved('project', project, 'in_progress', 'completed');
    expect(await statusOf(`/projects/${project}`)).toBe('completed');

    // A risk closed with a reason; without one it is refused and nothing fires.
    const risk = (await ok(rest('POST', '/risks', { subject: 'The terminal vendor may stop support', organization_ids: [provider], service_ids: [service], project_ids: [project] }), 201)).id as number;
    for (const [list, id] of [['organizations', provider], ['services', service], ['projects', project]] as const) {
      expect((await ok(rest('GET', `/risks/${risk}/${list}`))).map((row: { id: number }) => row.id)).toEqual([id]);
    }
    expect_('risk.create', risk, 'status anticipated');
    expect((await rest('PATCH', `/risks/${risk}`, { status: 'closed' })).status).toBe(422);
    await ok(rest('PATCH', `/risks/${risk}`, { status: 'closed', closure_reason: 'mitigated' }));
    moved('risk', risk, 'anticipated', 'closed');

    // A request proposed as a major incident and moved on an agile board.
    const board = await ok(rest('POST', '/agile_boards', { name: 'Service desk', columns: [{ name: 'To do' }, { name: 'Doing' }] }), 201);
    const request = (await ok(rest('POST', '/requests', { subject: 'Every terminal in store 12 is down' }), 201)).id as number;
    await ok(rest('PATCH', `/requests/${request}`, { major_incident_status: 'proposed', agile_board_id: board.id }));
    expect_('request.major-incident-status-changed', request, 'none → proposed');
    expect_('request.agile-board-column-changed', request);
    await ok(rest('PATCH', `/requests/${request}`, { agile_board_column_id: board.columns[1].id }));
    expect_('request.agile-board-column-changed', request);

    // Every expected message arrives; then nothing more does.
    const began = Date.now();
    while (receiver.received.length < expected.length && Date.now() - began < 60_000) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const detail = (message: Received): string => {
      const payload = message.body.payload ?? {};
      const event = message.body.event;
      if (event.endsWith('.status-changed')) return `${payload['previous_status']} → ${payload['status']}`;
      if (event === 'request.major-incident-status-changed') return `${payload['previous_major_incident_status'] ?? 'none'} → ${payload['major_incident_status']}`;
      if (event.endsWith('.note-added')) return `note ${payload['note_id']}`;
      return typeof payload['status'] === 'string' && !event.startsWith('request.') ? `status ${payload['status']}` : '';
    };
    const seen = receiver.received.map((message): Seen => [message.body.event, message.body.object_id, detail(message)]);
    // Each through the webhook of its event.
    expect(receiver.received.filter((message) => message.path !== `/${message.body.event}`)).toEqual([]);
    const order = (a: Seen, b: Seen) => a[0].localeCompare(b[0]) || a[1] - b[1] || a[2].localeCompare(b[2]);
    expect([...seen].sort(order)).toEqual([...expected].sort(order));
    expect(new Set(receiver.received.map((message) => message.delivery)).size).toBe(receiver.received.length);
  }, 240_000);
});
