import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * Automation rules over GraphQL (docs/decisions/053): expressions and actions as lists of
 * `{name, value}` (REST's lines); `automationRuleCreate` compiles the rule as REST does, its problems
 * in the payload, a line's problem at the line's index; the connection and `node` read rules for
 * administrators only.
 */
describe('automation rules over GraphQL', () => {
  let g: GraphqlHarness;
  beforeAll(async () => {
    g = await startGraphqlHarness();
  });
  afterAll(() => g.stop());

  const create = `mutation($input: AutomationRuleCreateInput!) {
    automationRuleCreate(input: $input) {
      automationRule { id dbId name trigger condition expressions { name value } actions { name value } lastError }
      errors { path message }
    }
  }`;

  it('creates a rule whose expressions and actions are lists of {name, value}, REST reading them as its lines; read back by node ID', async () => {
    const input = {
      name: 'Waiting', generic: 'request', trigger: 'on status update', condition: 'waiting',
      expressions: [{ name: 'waiting', value: "record.status == 'waiting_for_customer'" }],
      actions: [{ name: 'tell', value: "update request add note 'Waiting for the customer'" }, { name: 'unassign', value: 'update request set member = nil' }],
    };
    const { automationRule, errors } = (await g.data(create, { input })).automationRuleCreate;
    expect(errors).toEqual([]);
    expect(automationRule).toMatchObject({ name: 'Waiting', expressions: input.expressions, actions: input.actions, lastError: null });
    const stored = await g.test.db('automation_rules').where({ id: automationRule.dbId }).first('expressions', 'actions');
    expect(stored).toEqual({
      expressions: "waiting: record.status == 'waiting_for_customer'",
      actions: "tell: update request add note 'Waiting for the customer'\nunassign: update request set member = nil",
    });
    const change = `mutation($input: AutomationRuleUpdateInput!) { automationRuleUpdate(input: $input) { automationRule { actions { name } } errors { path message } } }`;
    expect((await g.data(change, { input: { id: automationRule.id, actions: [{ name: 'only', value: 'update request set member = nil' }] } })).automationRuleUpdate)
      .toEqual({ automationRule: { actions: [{ name: 'only' }] }, errors: [] });
    const read = await g.data('query($id: ID!) { node(id: $id) { ... on AutomationRule { dbId expressions { name value } } } }', { id: automationRule.id });
    expect(read.node).toEqual({ dbId: automationRule.dbId, expressions: input.expressions });
    expect(automationRule.id).toBe(encodeNodeId('AutomationRule', automationRule.dbId));
    const listed = await g.data('{ automationRules(first: 10) { nodes { id name } } }');
    expect(listed.automationRules.nodes).toContainEqual({ id: automationRule.id, name: 'Waiting' });
  });

  it('answers a rule that does not compile with every problem in the payload, a line at its index', async () => {
    const input = {
      name: 'Broken', generic: 'request', trigger: 'on update', condition: 'record.membr == nil',
      actions: [{ name: 'ok', value: "update request add note 'x'" }, { name: 'bad', value: 'update request set membr = nil' }],
    };
    const { automationRule, errors } = (await g.data(create, { input })).automationRuleCreate;
    expect(automationRule).toBeNull();
    expect(errors).toEqual([
      { path: ['input', 'condition'], message: expect.stringContaining('membr') },
      { path: ['input', 'actions', '1'], message: "unknown field 'membr' of request" },
    ]);
  });

  it('refuses a line REST could not read back (a line break in a value, a name that is not one), at its index, storing nothing', async () => {
    const before = await g.test.db('automation_rules').count<{ count: string }[]>('* as count');
    const input = {
      name: 'Split', generic: 'request', trigger: 'on update', condition: 'true',
      expressions: [{ name: 'fine', value: 'true' }, { name: 'two words', value: 'true' }],
      actions: [{ name: 'note', value: "update request add note 'one'\nsecond: update request set member = nil" }],
    };
    const { automationRule, errors } = (await g.data(create, { input })).automationRuleCreate;
    expect(automationRule).toBeNull();
    expect(errors).toEqual([
      { path: ['input', 'expressions', '1'], message: 'The name is a letter or _ followed by letters, digits or _' },
      { path: ['input', 'actions', '0'], message: 'The value is one line: it may not hold a line break' },
    ]);
    expect(await g.test.db('automation_rules').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('reads the predefined filters as the connection’s view: the rules that run for a type, never a template’s (REST /for_<type>)', async () => {
    const account = g.demo.account;
    const [{ id: template }] = await g.test.db('templates').insert({ account_id: account, subject: 'Viewed template' }).returning('id');
    const insert = async (owner: Record<string, unknown>) =>
      (await g.test.db('automation_rules').insert({ account_id: account, name: `Viewed ${JSON.stringify(owner)}`, trigger: 'on update', condition: 'true', ...owner }).returning('id'))[0].id as number;
    const problem = await insert({ generic: 'problem' });
    const ownProblem = await insert({ owner_type: 'problem', owner_id: 1 });
    const ofTemplate = await insert({ owner_type: 'request_template', owner_id: template });
    const risk = await insert({ generic: 'risk' });
    const read = async (view?: string) =>
      (await g.data(`{ automationRules(first: 100${view ? `, view: ${view}` : ''}) { nodes { dbId } } }`)).automationRules.nodes.map((node: { dbId: number }) => node.dbId);
    expect(await read('FOR_PROBLEMS')).toEqual([problem, ownProblem]);
    expect(await read('FOR_RISKS')).toEqual([risk]);
    expect(await read('FOR_REQUESTS')).not.toContain(ofTemplate);
    expect(await read()).toEqual(expect.arrayContaining([problem, ownProblem, ofTemplate, risk]));
    expect(await read('ALL')).toEqual(await read());
    const wrong = (await g.post(g.demo.admin.token, '{ automationRules(first: 1, view: FOR_TEMPLATES) { totalCount } }')).json();
    expect(wrong.errors[0].message).toContain('FOR_TEMPLATES');
  });

  it('shows rules to administrators only', async () => {
    const agent = await g.tokenWith(['automation_rule:*'], g.demo.agent.email);
    const answer = (await g.post(agent, '{ automationRules(first: 10) { totalCount nodes { id } } }')).json();
    expect(answer.data.automationRules).toEqual({ totalCount: 0, nodes: [] });
  });
});
