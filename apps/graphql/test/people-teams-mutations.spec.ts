import { decodeNodeId, encodeNodeId } from '@tessera/domain';
import { listQueuedJobs } from '@tessera/persistence';
import { mintToken } from '@tessera/persistence/testing';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/** personCreate, personUpdate, teamCreate, teamUpdate: the use cases of /v1/people and /v1/teams, their rules and events. */
describe('GraphQL people and teams mutations', () => {
  let g: GraphqlHarness;
  let adminId: number;
  let dana: number;
  let wes: number;
  let oscar: number;

  const PERSON = 'id dbId name primaryEmail locale disabled teams(first: 10) { nodes { name } }';
  const TEAM = 'id dbId name disabled manager { name } members(first: 10) { nodes { name } }';
  const PERSON_CREATE = `mutation($input: PersonCreateInput!) { personCreate(input: $input) { person { ${PERSON} } errors { path message } } }`;
  const PERSON_UPDATE = `mutation($input: PersonUpdateInput!) { personUpdate(input: $input) { person { ${PERSON} } errors { path message } } }`;
  const TEAM_CREATE = `mutation($input: TeamCreateInput!) { teamCreate(input: $input) { team { ${TEAM} } errors { path message } } }`;
  const TEAM_UPDATE = `mutation($input: TeamUpdateInput!) { teamUpdate(input: $input) { team { ${TEAM} } errors { path message } } }`;

  async function run(query: string, input: Record<string, unknown>, token = g.demo.admin.token) {
    const reply = await g.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': g.demo.account },
      body: JSON.stringify({ query, variables: { input } }),
    });
    expect(reply.status).toBe(200);
    return reply.json();
  }
  const id = async (table: string, where: Record<string, unknown>) => (await g.test.db(table).where(where).first('id')).id as number;
  const events = async (type: string, recordId: number) =>
    (await listQueuedJobs(g.test.db, 'webhook-event')).map((job) => job.payload).filter((p) => p['object_nodeID'] === encodeNodeId(type, recordId)).map((p) => p['event']);

  beforeAll(async () => {
    g = await startGraphqlHarness();
    adminId = await id('people', { primary_email: g.demo.admin.email });
    dana = await id('people', { primary_email: 'dana@widget.example' });
    wes = await id('people', { primary_email: 'wes@widget.example' });
    await g.test.db('accounts').insert({ id: 'other', name: 'Other' });
    [{ id: oscar }] = await g.test.db('people').insert({ account_id: 'other', name: 'Oscar Other', primary_email: 'oscar@other.example' }).returning('id');
  });
  afterAll(() => g.stop());

  it('teamCreate creates a team with a manager and members, answers it as Team and fires team.create', async () => {
    const body = await run(TEAM_CREATE, { name: 'Night Shift', managerId: encodeNodeId('Person', wes), memberIds: [encodeNodeId('Person', dana)] });
    expect(body.errors).toBeUndefined();
    const { team, errors } = body.data.teamCreate;
    expect(errors).toEqual([]);
    expect(team).toMatchObject({ name: 'Night Shift', disabled: false, manager: { name: 'Wes Workflow' }, members: { nodes: [{ name: 'Dana Database' }] } });
    expect(decodeNodeId(team.id)).toMatchObject({ type: 'Team', id: team.dbId });
    expect(await events('Team', team.dbId)).toEqual(['team.create']);
  });

  it('teamUpdate changes a team and fires team.update; the same values again fire nothing', async () => {
    const { team } = (await run(TEAM_CREATE, { name: 'Day Shift' })).data.teamCreate;
    const changed = (await run(TEAM_UPDATE, { id: team.id, name: 'Day Shift 2', disabled: true, memberIds: [encodeNodeId('Person', wes)] })).data.teamUpdate;
    expect(changed).toEqual({ team: expect.objectContaining({ name: 'Day Shift 2', disabled: true, manager: null, members: { nodes: [{ name: 'Wes Workflow' }] } }), errors: [] });
    await run(TEAM_UPDATE, { id: team.id, name: 'Day Shift 2' });
    expect(await events('Team', team.dbId)).toEqual(['team.create', 'team.update']);
  });

  it('answers every problem of a team input in errors, at its input path, and writes nothing', async () => {
    const before = await g.test.db('teams').count({ n: '*' }).first();
    const bad = (await run(TEAM_CREATE, { name: 'Service Desk', managerId: encodeNodeId('Person', oscar), memberIds: ['nonsense', encodeNodeId('Team', 1)] })).data.teamCreate;
    expect(bad).toEqual({ team: null, errors: [{ path: ['input', 'memberIds'], message: 'Not a list of IDs of Person records' }] });
    const taken = (await run(TEAM_CREATE, { name: 'Service Desk', managerId: encodeNodeId('Person', oscar), memberIds: [encodeNodeId('Person', oscar)] })).data.teamCreate;
    expect(taken).toEqual({ team: null, errors: [
      { path: ['input', 'name'], message: 'Name has already been taken: Service Desk (names in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)' },
      { path: ['input', 'managerId'], message: 'Manager id does not match any person of the account' },
      { path: ['input', 'memberIds'], message: `Member ids ${oscar} do not match any person of the account` },
    ] });
    expect((await run(TEAM_CREATE, { name: ' ' })).data.teamCreate.errors).toEqual([{ path: ['input', 'name'], message: "Name can't be blank" }]);
    expect((await run(TEAM_UPDATE, { id: encodeNodeId('Request', 1), name: 'x' })).data.teamUpdate.errors).toEqual([{ path: ['input', 'id'], message: 'Not the ID of a Team' }]);
    expect(await g.test.db('teams').count({ n: '*' }).first()).toEqual(before);
    const missing = await run(TEAM_UPDATE, { id: encodeNodeId('Team', 2147480000), name: 'x' });
    expect(missing.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('personCreate and personUpdate write people with roles and teams, as POST and PATCH /v1/people do', async () => {
    const desk = await id('teams', { name: 'Service Desk' });
    const created = (await run(PERSON_CREATE, { name: 'Gina Graph', primaryEmail: 'gina@widget.example', roles: ['agent'], teamIds: [encodeNodeId('Team', desk)] })).data.personCreate;
    expect(created).toEqual({ person: expect.objectContaining({ name: 'Gina Graph', primaryEmail: 'gina@widget.example', locale: 'en-US', disabled: false, teams: { nodes: [{ name: 'Service Desk' }] } }), errors: [] });
    const gina = created.person.dbId as number;
    expect(await g.test.db('person_roles').where({ person_id: gina }).pluck('role')).toEqual(['agent']);
    const updated = (await run(PERSON_UPDATE, { id: created.person.id, locale: 'nl-NL', disabled: true, teamIds: [] })).data.personUpdate;
    expect(updated).toEqual({ person: expect.objectContaining({ locale: 'nl-NL', disabled: true, teams: { nodes: [] } }), errors: [] });
    expect(await events('Person', gina)).toEqual(['person.create', 'person.update']);
    expect(await events('Team', desk)).toEqual(['team.update', 'team.update']);
    const wrongType = (await run(PERSON_CREATE, { name: 'Wrong', primaryEmail: 'wrong@widget.example', teamIds: [encodeNodeId('Person', gina)] })).data.personCreate;
    expect(wrongType).toEqual({ person: null, errors: [{ path: ['input', 'teamIds'], message: 'Not a list of IDs of Team records' }] });
    const bad = (await run(PERSON_CREATE, { primaryEmail: 'ADMIN@widget.example', locale: 'english', roles: ['owner'] })).data.personCreate;
    expect(bad).toEqual({ person: null, errors: [
      { path: ['input', 'name'], message: "Name can't be blank" },
      { path: ['input', 'primaryEmail'], message: 'Primary email has already been taken: ADMIN@widget.example' },
      { path: ['input', 'locale'], message: "Locale 'english' is not a language tag such as en-US" },
      { path: ['input', 'roles'], message: 'Roles are administrator, agent, specialist, auditor; not owner' },
    ] });
  });

  it('personUpdate refuses an ID of another type in errors, a person of the directory account with FORBIDDEN, and an ID naming no record with NOT_FOUND', async () => {
    expect((await run(PERSON_UPDATE, { id: encodeNodeId('Team', 1), name: 'x' })).data.personUpdate).toEqual({ person: null, errors: [{ path: ['input', 'id'], message: 'Not the ID of a Person' }] });
    const ellen = await id('people', { primary_email: 'ellen@widget.example' });
    const directory = await run(PERSON_UPDATE, { id: encodeNodeId('Person', ellen), name: 'Ellen E.' });
    expect(directory.errors[0]).toMatchObject({ message: 'This person belongs to the directory account and is managed there', extensions: { code: 'FORBIDDEN' } });
    expect((await run(PERSON_UPDATE, { id: encodeNodeId('Person', 2147480000), name: 'x' })).errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await g.test.db('people').where({ id: ellen }).first('name')).toEqual({ name: 'Ellen Enduser' });
  });

  it('needs the administrator role and the scope actions, as REST does: FORBIDDEN, nothing written', async () => {
    const count = async () => Number((await g.test.db('teams').count({ n: '*' }).first())!.n);
    const before = await count();
    const agent = await g.tokenWith(['*:*'], g.demo.agent.email);
    const asAgent = await run(TEAM_CREATE, { name: 'Agents only' }, agent);
    expect(asAgent.errors).toEqual([expect.objectContaining({ message: 'This needs the administrator role in the account', extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
    const asAgentPerson = await run(PERSON_CREATE, { name: 'No', primaryEmail: 'no@widget.example' }, agent);
    expect(asAgentPerson.errors[0]).toMatchObject({ message: 'This needs the administrator role in the account', extensions: { code: 'FORBIDDEN' } });
    const readOnly = await mintToken(g.test.db, adminId, ['team:Read', 'person:Read']);
    const denied = await run(TEAM_CREATE, { name: 'Read only' }, readOnly);
    expect(denied.errors).toEqual([expect.objectContaining({ message: "This token's scopes do not allow team:Create", extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
    const noAnswer = await mintToken(g.test.db, adminId, ['team:Create']);
    expect((await run(TEAM_CREATE, { name: 'Unread' }, noAnswer)).errors[0].message).toBe("This token's scopes do not allow team:Read");
    expect(await count()).toBe(before);
  });
});
