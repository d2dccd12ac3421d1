/**
 * Issue 30 items 7 and 9 over GraphQL: a lone UTF-16 surrogate in a text
 * field of a mutation's input (which JSON variables can carry) failed the
 * write when its audit line reached PostgreSQL's JSON; it is a payload error
 * naming the field. An input key named after an Object.prototype member is
 * not a field of the input type: refused before anything runs.
 */
import { encodeNodeId } from '@tessera/domain';
import { insertRequests } from './support/reads-fixtures.js';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

describe('GraphQL input: invalid Unicode and prototype keys', () => {
  let g: GraphqlHarness;

  async function run(query: string, variables: string) {
    const reply = await g.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${g.demo.admin.token}`, 'x-service-account': g.demo.account },
      body: `{"query":${JSON.stringify(query)},"variables":${variables}}`,
    });
    return { status: reply.status, body: await reply.json() };
  }
  const id = async (table: string, where: Record<string, unknown>) => (await g.test.db(table).where(where).first('id')).id as number;
  const mutation = (name: string, type: string) => `mutation($input: ${type}!) { ${name}(input: $input) { errors { path message } } }`;

  beforeAll(async () => {
    g = await startGraphqlHarness();
  });
  afterAll(() => g.stop());

  it('answers a payload error naming the field for a lone surrogate in every mutation, and writes nothing', async () => {
    const team = await id('teams', { account_id: g.demo.account, name: 'Service Desk' });
    const person = await id('people', { primary_email: 'dana@widget.example' });
    const ci = await id('configuration_items', { account_id: g.demo.account });
    const instance = await id('service_instances', { account_id: g.demo.account });
    const requestId = (await insertRequests(g.test.db, g.demo.account, 1, { prefix: 'Unicode', personId: person, teamId: team }))[0]!.id;
    const audit = async () => Number((await g.test.db('audit_lines').count({ n: '*' }).first())!['n']);
    const before = await audit();
    const calls: Array<[name: string, type: string, field: string, input: Record<string, unknown>]> = [
      ['personCreate', 'PersonCreateInput', 'name', { primaryEmail: 'lone@widget.example' }],
      ['personUpdate', 'PersonUpdateInput', 'name', { id: encodeNodeId('Person', person) }],
      ['teamCreate', 'TeamCreateInput', 'name', {}],
      ['teamUpdate', 'TeamUpdateInput', 'name', { id: encodeNodeId('Team', team) }],
      ['configurationItemCreate', 'ConfigurationItemCreateInput', 'name', {}],
      ['configurationItemUpdate', 'ConfigurationItemUpdateInput', 'label', { id: encodeNodeId('ConfigurationItem', ci) }],
      ['serviceInstanceCreate', 'ServiceInstanceCreateInput', 'name', {}],
      ['serviceInstanceUpdate', 'ServiceInstanceUpdateInput', 'name', { id: encodeNodeId('ServiceInstance', instance) }],
      ['requestCreate', 'RequestCreateInput', 'subject', {}],
      ['requestUpdate', 'RequestUpdateInput', 'subject', { id: encodeNodeId('Request', requestId) }],
      ['noteCreate', 'NoteCreateInput', 'text', { requestId: encodeNodeId('Request', requestId) }],
    ];
    const wrong: string[] = [];
    for (const [name, type, field, input] of calls) {
      // Written by hand: JSON.stringify would write the lone surrogate as an escape too, but this is what a client sends.
      const variables = `{"input":${JSON.stringify(input).slice(0, -1)}${Object.keys(input).length > 0 ? ',' : ''}"${field}":"t\\ud800"}}`;
      const { status, body } = await run(mutation(name, type), variables);
      const errors = body.data?.[name]?.errors as Array<{ path: string[]; message: string }> | undefined;
      if (status !== 200 || !errors?.some((error) => error.path.join('.') === `input.${field}` && /invalid Unicode/.test(error.message))) wrong.push(`${name}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await audit()).toBe(before);
  });

  it('refuses an input key named after an Object.prototype member as a field the input type does not define', async () => {
    const team = await id('teams', { account_id: g.demo.account, name: 'Service Desk' });
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const { status, body } = await run(mutation('teamUpdate', 'TeamUpdateInput'), `{"input":{"id":${JSON.stringify(encodeNodeId('Team', team))},${JSON.stringify(key)}:{"name":"Through the prototype","disabled":true}}}`);
      expect([status, body.errors?.[0]?.extensions?.code, body.errors?.[0]?.message]).toEqual([400, 'BAD_USER_INPUT', expect.stringContaining(`Field "${key}" is not defined by type "TeamUpdateInput"`)]);
    }
    expect(await g.test.db('teams').where({ id: team }).first('name', 'disabled')).toEqual({ name: 'Service Desk', disabled: false });
  });
});
