/**
 * Issue 33 "Done when", end to end on a fresh `npm start`: a rule on requests — on a status update,
 * when the status is waiting_for_customer and the team is Ops, unassign the request, add a note and
 * call webhook 'notify' with the request's subject and new status — written over REST; a webhook
 * registered for `automation_rule` through the REST API gets that payload exactly once per matching
 * change and nothing for one that does not match, the worker running the rules and delivering for
 * real. A rule that updates the record it runs on stops at the depth limit with `last_error` set;
 * a rule that cannot compile is refused when it is written, pointing at its problem.
 */
import { startFreshStack } from './testing/stack-calls.js';

/** How long the receiver listens after the last expected message, for one that should not come. */
const QUIET_MS = 4_000;

describe('automation rules on a fresh npm start', () => {
  let fresh: Awaited<ReturnType<typeof startFreshStack>>;

  beforeAll(async () => {
    fresh = await startFreshStack('automation');
  }, 120_000);

  afterAll(() => fresh?.stop());

  const until = async <T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> => {
    const began = Date.now();
    for (;;) {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
      if (Date.now() - began > timeoutMs) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it("calls webhook 'notify' once per matching change, stops a rule at the depth limit, and refuses a rule that does not compile", async () => {
    const { receiver, admin } = fresh;
    const { rest } = admin;
    const ok = async (answer: Promise<{ status: number; body: any }>, status = 200) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const { status: got, body } = await answer;
      expect({ got, body }).toEqual({ got: status, body: expect.anything() });
      return body;
    };
    const me = (await ok(rest('GET', '/me'))) as { id: number };

    await ok(rest('POST', '/webhooks', { name: 'notify', event: 'automation_rule', uri: `${receiver.url}/notify` }));
    // A second webhook for automation_rule: the rule calls 'notify' only.
    await ok(rest('POST', '/webhooks', { name: 'elsewhere', event: 'automation_rule', uri: `${receiver.url}/elsewhere` }));
    const ops = (await ok(rest('POST', '/teams', { name: 'Ops', member_ids: [me.id] }), 201)).id as number;
    const desk = (await ok(rest('GET', '/teams?name=Service%20Desk')))[0].id as number;

    const rule = await ok(rest('POST', '/automation_rules', {
      name: 'Waiting for the customer in Ops',
      generic: 'request',
      trigger: 'on status update',
      expressions: "waiting: record.status == 'waiting_for_customer'\nops: record.team != nil && record.team.name == 'Ops'",
      condition: 'waiting && ops',
      actions: [
        'unassign: update request set member = nil',
        "tell: update request add note 'Waiting for the customer: unassigned'",
        "notify: call webhook 'notify' with payload {'subject': record.subject, 'status': record.status}",
      ].join('\n'),
    }), 201);
    expect(rule).toMatchObject({ trigger: 'on status update', last_error: null, disabled: false });

    // Two requests of Ops, one of the Service Desk; each moved to waiting_for_customer, the first twice.
    const request = async (subject: string, team: number) => (await ok(rest('POST', '/requests', { subject, team_id: team, member_id: me.id }), 201)).id as number;
    const first = await request('Printer on floor 2 jammed', ops);
    const second = await request('VPN drops every hour', ops);
    const other = await request('New laptop for Dana', desk);
    for (const id of [first, second, other]) await ok(rest('PATCH', `/requests/${id}`, { status: 'waiting_for_customer' }));
    // Not a match: in progress again, then waiting again (a second matching change of the first).
    await ok(rest('PATCH', `/requests/${first}`, { status: 'in_progress' }));
    await ok(rest('PATCH', `/requests/${first}`, { status: 'waiting_for_customer' }));

    const expected = [
      { subject: 'Printer on floor 2 jammed', status: 'waiting_for_customer' },
      { subject: 'VPN drops every hour', status: 'waiting_for_customer' },
      { subject: 'Printer on floor 2 jammed', status: 'waiting_for_customer' },
    ];
    await until('three automation_rule messages', async () => receiver.received.filter((m) => m.path === '/notify').length >= expected.length);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const notified = receiver.received.filter((m) => m.path === '/notify');
    const key = (payload: unknown) => JSON.stringify(payload);
    expect(notified.map((m) => key(m.body.payload)).sort()).toEqual(expected.map(key).sort());
    expect(notified.every((m) => m.body.event === 'automation_rule' && m.event === 'automation_rule')).toBe(true);
    expect(notified.map((m) => m.body.object_id).sort()).toEqual([first, first, second].sort());
    expect(receiver.received.filter((m) => m.path === '/elsewhere')).toEqual([]);
    // Each matching change added the note; the Service Desk's request has none.
    const texts = async (id: number) => ((await ok(rest('GET', `/requests/${id}/notes`))) as Array<{ text: string }>).map((note) => note.text);
    expect(await texts(first)).toEqual(['Waiting for the customer: unassigned', 'Waiting for the customer: unassigned']);
    expect(await texts(second)).toEqual(['Waiting for the customer: unassigned']);
    expect(await texts(other)).toEqual([]);
    const runs = (await ok(rest('GET', `/automation_rules/${rule.id}/runs?per_page=100`))) as Array<{ matched: boolean; error: string | null }>;
    expect(runs.filter((run) => run.matched)).toHaveLength(3);
    expect(runs.filter((run) => run.error !== null)).toEqual([]);

    // A rule that updates the record it runs on: its chain stops at depth 5, the changes made staying.
    const loop = await ok(rest('POST', '/automation_rules', {
      name: 'Shout', generic: 'problem', trigger: 'on update', condition: 'true', actions: "again: update problem set subject = record.subject + '!'",
    }), 201);
    const provider = (await ok(rest('GET', '/organizations?name=Widget%20Data%20Center')))[0].id as number;
    const service = (await ok(rest('POST', '/services', { name: 'Printing', provider_id: provider }), 201)).id as number;
    const problem = (await ok(rest('POST', '/problems', { subject: 'Jams', service_id: service }), 201)).id as number;
    await ok(rest('PATCH', `/problems/${problem}`, { impact: 'low' }));
    const stopped = await until('the depth limit', async () => {
      const read = await ok(rest('GET', `/automation_rules/${loop.id}`));
      return read.last_error ? read : null;
    });
    expect(stopped.last_error).toBe("stopped at depth 5: rules' changes triggered rules 5 times in a chain");
    expect((await ok(rest('GET', `/problems/${problem}`))).subject).toBe('Jams!!!!!!');

    // A rule that cannot compile is refused when written.
    const broken = await rest('POST', '/automation_rules', { name: 'Broken', generic: 'request', trigger: 'on update', condition: "record.membr == nil", actions: 'update request set membr = nil' });
    expect(broken.status).toBe(422);
    expect(broken.body.errors).toEqual([['condition', expect.stringContaining('membr')], ['actions[0]', "unknown field 'membr' of request"]]);
  }, 240_000);
});
