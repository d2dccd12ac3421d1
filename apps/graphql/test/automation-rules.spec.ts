import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * Automation rules over GraphQL (docs/decisions/053): `automationRuleCreate` compiles the rule as
 * REST does, its problems in the payload, a line's problem at the line's index; the connection and
 * `node` read rules for administrators only.
 */
describe('automation rules over GraphQL', () => {
  let g: GraphqlHarness;
  beforeAll(async () => {
    g = await startGraphqlHarness();
  });
  afterAll(() => g.stop());

  const create = `mutation($input: AutomationRuleCreateInput!) {
    automationRuleCreate(input: $input) { automationRule { id dbId name trigger condition actions lastError } errors { path message } }
  }`;

  it('creates a rule compiled from its lines, read back through the connection and by node ID', async () => {
    const input = {
      name: 'Waiting', generic: 'request', trigger: 'on status update', condition: "record.status == 'waiting_for_customer'",
      actions: "tell: update request add note 'Waiting for the customer'",
    };
    const { automationRule, errors } = (await g.data(create, { input })).automationRuleCreate;
    expect(errors).toEqual([]);
    expect(automationRule).toMatchObject({ name: 'Waiting', trigger: 'on status update', actions: input.actions, lastError: null });
    const listed = await g.data('{ automationRules(first: 10) { nodes { id name } } }');
    expect(listed.automationRules.nodes).toContainEqual({ id: automationRule.id, name: 'Waiting' });
    expect((await g.data('query($id: ID!) { node(id: $id) { ... on AutomationRule { dbId } } }', { id: automationRule.id })).node).toEqual({ dbId: automationRule.dbId });
    expect(automationRule.id).toBe(encodeNodeId('AutomationRule', automationRule.dbId));
  });

  it('answers a rule that does not compile with every problem in the payload, a line at its index', async () => {
    const input = { name: 'Broken', generic: 'request', trigger: 'on update', condition: 'record.membr == nil', actions: "ok: update request add note 'x'\nbad: update request set membr = nil" };
    const { automationRule, errors } = (await g.data(create, { input })).automationRuleCreate;
    expect(automationRule).toBeNull();
    expect(errors).toEqual([
      { path: ['input', 'condition'], message: expect.stringContaining('membr') },
      { path: ['input', 'actions', '1'], message: "unknown field 'membr' of request" },
    ]);
  });

  it('shows rules to administrators only', async () => {
    const agent = await g.tokenWith(['automation_rule:*'], g.demo.agent.email);
    const answer = (await g.post(agent, '{ automationRules(first: 10) { totalCount nodes { id } } }')).json();
    expect(answer.data.automationRules).toEqual({ totalCount: 0, nodes: [] });
  });
});
