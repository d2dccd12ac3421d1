import { collectionViews, EVENT_CATALOGUE, RECORDS, encodeNodeId, graphqlInputNameOf, graphqlNameOf, referenceTarget, type RecordDefinition } from '@tessera/domain';
import { collectionSpecOf } from '@tessera/validation';
import { insertNeededRecord, mintToken } from '@tessera/persistence/testing';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * The GraphQL contract of every record of the engine (docs/decisions/039), over RECORDS: its
 * object type, its connection with the same orders and filters as its REST collection, its
 * create and update mutations with requestCreate's payload shape, read back by node ID and
 * through the connection with a filter, each change firing its event once.
 */
type Field = { name: string };

/** What a write needs beyond its declaration's required fields, for a record whose own rules ask more: an automation rule compiles. */
const VALID: Readonly<Record<string, Record<string, unknown>>> = {
  automation_rule: { trigger: 'on update', condition: "record.status == 'assigned'", generic: 'request' },
};

describe.each(RECORDS.map((def) => [def.noun, def] as const))('the %s record over GraphQL', (_noun, def: RecordDefinition) => {
  let g: GraphqlHarness;
  const type = def.node;
  const { one, many } = def.graphql;
  const fields = Object.entries(def.fields.fields);
  /** REST's name of a field → GraphQL's (`support_team_id` → `supportTeam`). */
  const graphqlOf = (rest: string) => (rest === 'id' ? 'id' : graphqlNameOf(rest, def.fields.fields[rest]!));
  const required = fields.filter(([, field]) => field.required && field.write && field.type !== 'reference').map(([name]) => graphqlOf(name)!);
  const typeOf = (graphql: string) => fields.find(([name]) => graphqlOf(name) === graphql)![1].type;
  /** A value of each required field, the `n`th of its kind: a text, one of an enum's values, a day, a number of minutes, a moment. */
  const valueOf = (graphql: string, n: number, text: string) => {
    const kind = typeOf(graphql);
    const field = fields.find(([name]) => graphqlOf(name) === graphql)![1];
    if (field.type === 'enum') return field.values[(n - 1) % field.values.length];
    if (kind === 'date') return `2026-02-${String(n).padStart(2, '0')}`;
    if (kind === 'integer') return n;
    if (kind === 'datetime') return new Date(Date.UTC(2026, 1, 1, 0, n)).toISOString();
    // A text the record's checks refuse made up (an e-mail address) is its declared example, made its own.
    return 'example' in field && field.example !== undefined ? `${text.toLowerCase()}-${field.example}` : `${text} ${def.what} ${graphql}`;
  };
  /** The first required text: the connection filters by it. */
  const firstText = required.find((name) => typeOf(name) === 'text');
  /** What no required field can be: a blank text, a day or a moment that is none (a number's type GraphQL itself refuses). */
  const unwritable = required.filter((name) => typeOf(name) !== 'integer');
  /** Each required reference's input field and the node ID of a record of the account (made in beforeAll); and what its rules need. */
  const needed: Record<string, unknown> = { ...VALID[def.noun] };
  /** The events of the catalogue among these verbs: an automation rule's has none. */
  const catalogued = (...verbs: string[]) => verbs.filter((verb) => (EVENT_CATALOGUE[def.noun] as readonly string[]).includes(verb)).map((verb) => `${def.noun}.${verb}`);

  const run = (query: string, variables: Record<string, unknown> = {}) => g.data(query, variables);
  const names = async (typeName: string, part: 'fields' | 'inputFields' | 'enumValues') =>
    ((await run(`{ __type(name: "${typeName}") { ${part} { name } } }`)).__type[part] as Field[]).map((field) => field.name).sort();

  beforeAll(async () => {
    g = await startGraphqlHarness();
    for (const [name, field] of fields) {
      if (field.type !== 'reference' || !field.required) continue;
      needed[graphqlInputNameOf(name, field)!] = encodeNodeId(field.target, await insertNeededRecord(g.test.db, g.demo.account, field.target));
    }
  }, 60_000);
  afterAll(() => g.stop());

  it('has its object type, connection, and create and update mutations with the payload shape of requestCreate', async () => {
    expect(await names(type, 'fields')).toEqual(expect.arrayContaining(['id', 'dbId', 'createdAt', 'updatedAt', ...required]));
    expect(await names(`${type}Connection`, 'fields')).toEqual(['edges', 'nodes', 'pageInfo', 'totalCount']);
    expect(await names(`${type}CreatePayload`, 'fields')).toEqual([one, 'errors'].sort());
    expect(await names(`${type}UpdatePayload`, 'fields')).toEqual([one, 'errors'].sort());
    const roots = await names('Query', 'fields');
    expect(roots).toContain(many);
    expect(await names('Mutation', 'fields')).toEqual(expect.arrayContaining([`${one}Create`, `${one}Update`]));
    // A record with `current` or predefined filters (define-record.ts collectionViews): the connection's view, REST's predefined filters.
    if (collectionViews(def).length > 0) expect(await names(`${type}View`, 'enumValues')).toEqual(collectionViews(def).map((view) => view.toUpperCase()).sort());
    if (def.deletable) expect(await names(`${type}DeletePayload`, 'fields')).toEqual(['deletedId', 'errors']);
    else expect(await names('Mutation', 'fields')).not.toContain(`${one}Delete`);
  });

  it('orders and filters its connection as its REST collection does', async () => {
    const rest = collectionSpecOf(def.fields);
    const orders = rest.sortable.map(graphqlOf).map((name) => name!.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()).sort();
    expect(await names(`${type}OrderField`, 'enumValues')).toEqual(orders);
    // Datetimes, dates and ids, which REST filters by range, have no GraphQL filter kind (a record is read by its node ID); a field
    // GraphQL does not have (`graphql: false`, a reference to a type it does not serve) is not filtered there either.
    const filters = Object.entries(rest.filters).filter(([name, kind]) => kind !== 'datetime' && kind !== 'date' && name !== 'id').map(([name]) => graphqlOf(name)).filter((name) => name !== null).sort();
    expect(await names(`${type}Filter`, 'inputFields')).toEqual(filters);
    // And the connection takes each of them, and each order, in both directions.
    const inputTypes = (await run(`{ __type(name: "${type}Filter") { inputFields { name type { name } } } }`)).__type.inputFields as Array<{ name: string; type: { name: string } }>;
    const fieldOf = (graphql: string) => fields.find(([name]) => graphqlOf(name) === graphql)?.[1];
    const sample = (input: { name: string; type: { name: string } }) => {
      const field = fieldOf(input.name);
      if (input.type.name === 'IdValues' && field?.type === 'reference') return { values: [encodeNodeId(field.target, 1)] };
      return input.type.name === 'Boolean' ? true : { values: ['x'] };
    };
    for (const input of inputTypes) {
      const answer = await run(`query($filter: ${type}Filter) { ${many}(first: 1, filter: $filter) { totalCount } }`, { filter: { [input.name]: sample(input) } });
      expect(answer[many].totalCount).toEqual(expect.any(Number));
    }
    for (const field of orders) {
      for (const direction of ['ASC', 'DESC']) {
        const answer = await run(`{ ${many}(first: 2, order: { field: ${field}, direction: ${direction} }) { nodes { id } } }`);
        expect(answer[many].nodes).toEqual(expect.any(Array));
      }
    }
  });

  it('creates with only its required fields, changes, reads it by node ID and through its filtered connection; one event per change', async () => {
    const input = { ...Object.fromEntries(required.map((name) => [name, valueOf(name, 1, 'Contract')])), ...needed };
    const created = (await run(`mutation($input: ${type}CreateInput!) { ${one}Create(input: $input) { ${one} { id dbId } errors { path message } } }`, { input }))[`${one}Create`];
    expect(created.errors).toEqual([]);
    const { id, dbId } = created[one];
    const change = { ...Object.fromEntries(required.map((name) => [name, valueOf(name, 2, 'Changed')])), ...VALID[def.noun] };
    const mutation = `mutation($input: ${type}UpdateInput!) { ${one}Update(input: $input) { ${one} { id } errors { path message } } }`;
    expect((await run(mutation, { input: { id, ...change } }))[`${one}Update`]).toEqual({ [one]: { id }, errors: [] });
    expect((await run(mutation, { input: { id, ...change } }))[`${one}Update`].errors).toEqual([]);
    const first = required[0]!;
    expect((await run(`query($id: ID!) { node(id: $id) { ... on ${type} { dbId ${first} } } }`, { id })).node).toEqual({ dbId, [first]: change[first] });
    if (firstText !== undefined) {
      const listed = await run(`query($values: [String]) { ${many}(first: 5, filter: { ${firstText}: { values: $values } }) { totalCount nodes { id } } }`, { values: [change[firstText]] });
      expect(listed[many]).toEqual({ totalCount: 1, nodes: [{ id }] });
    } else {
      const listed = await run(`{ ${many}(first: 5, order: { field: ID, direction: DESC }) { nodes { id } } }`);
      expect(listed[many].nodes).toContainEqual({ id });
    }
    // The caller's changes; the moves the record's lifecycle makes as the service (a project task assigned) are its lifecycle spec's.
    const events = await g.test.db('graphile_worker._private_jobs')
      .whereRaw("payload->>'object_id' = ? and payload->>'event' like ? and payload->'payload'->>'source' is distinct from 'Tessera'", [String(dbId), `${def.noun}.%`]).orderBy('id').pluck('payload');
    expect(events.map((payload: { event: string }) => payload.event)).toEqual(catalogued('create', 'update'));
  });

  it('lets a limited writer change and note only the work they are responsible for, each way its writers say, as over REST', async () => {
    const limited = def.writers.limited;
    if (limited === undefined) return;
    const { db } = g.test;
    const [{ id: specialist }] = await db('people').insert({ account_id: g.demo.account, name: `Gil ${def.noun} specialist`, primary_email: `gil-${def.noun}@contract.example` }).returning('id');
    for (const role of limited.roles) await db('person_roles').insert({ person_id: specialist, account_id: g.demo.account, role });
    const token = await mintToken(db, specialist, [`${def.noun}:*`]);
    const inputOf = (name: string) => graphqlInputNameOf(name, def.fields.fields[name]!)!;
    const person = encodeNodeId('Person', specialist);
    const answers: string[] = [];
    const wanted: string[] = [];
    /** Runs a mutation as the specialist: `ok`, or the message of its FORBIDDEN. */
    const asSpecialist = async (what: string, mutation: string, input: Record<string, unknown>, want: 'ok' | 'refused') => {
      const reply = (await g.call('/', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': g.demo.account }, body: JSON.stringify({ query: mutation, variables: { input } }) })).json();
      const forbidden = (reply.errors ?? []).find((error: { extensions?: { code?: string } }) => error.extensions?.code === 'FORBIDDEN');
      answers.push(`${what}: ${forbidden ? `FORBIDDEN ${forbidden.message}` : reply.errors ? JSON.stringify(reply.errors) : 'ok'}`);
      wanted.push(`${what}: ${want === 'ok' ? 'ok' : `FORBIDDEN ${limited.rule}`}`);
    };
    const update = `mutation($input: ${type}UpdateInput!) { ${one}Update(input: $input) { ${one} { id } errors { path message } } }`;
    const note = `mutation($input: ${type}NoteCreateInput!) { ${one}NoteCreate(input: $input) { note { id } errors { path message } } }`;
    const createAs = async (extra: Record<string, unknown>) => {
      const input = { ...needed, ...Object.fromEntries(required.map((name) => [name, valueOf(name, 5, 'Limited')])), ...extra };
      return (await run(`mutation($input: ${type}CreateInput!) { ${one}Create(input: $input) { ${one} { id } } }`, { input }))[`${one}Create`][one].id as string;
    };
    const changeAndNote = async (how: string, id: string, want: 'ok' | 'refused') => {
      await asSpecialist(`change ${how}`, update, { id, [required[0]!]: valueOf(required[0]!, 7, 'Limited') }, want);
      if (def.notes) await asSpecialist(`note ${how}`, note, { id, text: `Noted ${how}` }, want);
    };
    await changeAndNote('of another', await createAs({}), 'refused');
    for (const way of limited.by) {
      if ('team' in way) {
        const team = await insertNeededRecord(db, g.demo.account, 'Team');
        await db('team_memberships').insert({ account_id: g.demo.account, team_id: team, person_id: specialist });
        await changeAndNote(`by ${way.team}`, await createAs({ [inputOf(way.team)]: encodeNodeId('Team', team) }), 'ok');
      } else if ('link' in way) await changeAndNote(`by ${way.link}`, await createAs({ [inputOf(way.link)]: [person] }), 'ok');
      else if (way.parent === undefined) await changeAndNote(`by ${way.person}`, await createAs({ [inputOf(way.person)]: person }), 'ok');
      else {
        const target = (def.fields.fields[way.parent] as { target: string }).target;
        const parentId = await insertNeededRecord(db, g.demo.account, target);
        await db(referenceTarget(target).table).where({ id: parentId }).update({ [way.person]: specialist });
        await changeAndNote(`by ${way.parent}'s ${way.person}`, await createAs({ [inputOf(way.parent)]: encodeNodeId(target, parentId) }), 'ok');
      }
    }
    expect(answers).toEqual(wanted);
  }, 60_000);

  it('answers bad input with every problem in the payload, and writes nothing', async () => {
    const before = await g.test.db(def.table).count({ n: '*' }).first();
    const blank = { ...needed, ...Object.fromEntries(required.map((name) => [name, unwritable.includes(name) ? ' ' : valueOf(name, 3, 'Blank')])) };
    const answer = (await run(`mutation($input: ${type}CreateInput!) { ${one}Create(input: $input) { ${one} { id } errors { path message } } }`, { input: blank }))[`${one}Create`];
    expect(answer[one]).toBeNull();
    // Each blank field; a record's own rules may name more (an automation rule's condition does not compile).
    const paths = answer.errors.map((error: { path: string[] }) => error.path.join('.'));
    expect(paths.filter((path: string) => unwritable.some((name) => path === `input.${name}`)).sort()).toEqual(unwritable.map((name) => `input.${name}`).sort());
    if (!(def.noun in VALID)) expect(paths).toHaveLength(unwritable.length);
    expect(await g.test.db(def.table).count({ n: '*' }).first()).toEqual(before);
  });

  it('deletes where the catalogue has the verb, firing its event once; a deleted or unknown ID is not found', async () => {
    if (!def.deletable) return;
    const input = { ...Object.fromEntries(required.map((name) => [name, valueOf(name, 4, 'Deleted')])), ...needed };
    const { id, dbId } = (await run(`mutation($input: ${type}CreateInput!) { ${one}Create(input: $input) { ${one} { id dbId } } }`, { input }))[`${one}Create`][one];
    const remove = `mutation($input: ${type}DeleteInput!) { ${one}Delete(input: $input) { deletedId errors { path message } } }`;
    expect((await run(remove, { input: { id } }))[`${one}Delete`]).toEqual({ deletedId: id, errors: [] });
    expect((await run(`query($id: ID!) { node(id: $id) { id } }`, { id })).node).toBeNull();
    const again = (await g.post(g.demo.admin.token, `mutation { ${one}Delete(input: { id: "${id}" }) { deletedId } }`)).json();
    expect(again.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await run(remove, { input: { id: encodeNodeId('Organization', 1) } }))[`${one}Delete`]).toEqual({ deletedId: null, errors: [{ path: ['input', 'id'], message: `Not the ID of a ${type}` }] });
    // The caller's changes; the moves the record's lifecycle makes as the service (a project task assigned) are its lifecycle spec's.
    const events = await g.test.db('graphile_worker._private_jobs')
      .whereRaw("payload->>'object_id' = ? and payload->>'event' like ? and payload->'payload'->>'source' is distinct from 'Tessera'", [String(dbId), `${def.noun}.%`]).orderBy('id').pluck('payload');
    expect(events.map((payload: { event: string }) => payload.event)).toEqual(catalogued('create', 'delete'));
  });

  it('takes notes where the catalogue has note-added, read back through its notes connection and by node ID', async () => {
    const mutations = await names('Mutation', 'fields');
    if (!def.notes) {
      expect(mutations).not.toContain(`${one}NoteCreate`);
      return;
    }
    const input = { ...needed, ...Object.fromEntries(required.map((name) => [name, valueOf(name, 5, 'Noted')])) };
    const { id, dbId } = (await run(`mutation($input: ${type}CreateInput!) { ${one}Create(input: $input) { ${one} { id dbId } } }`, { input }))[`${one}Create`][one];
    const add = `mutation($input: ${type}NoteCreateInput!) { ${one}NoteCreate(input: $input) { note { id text } errors { path message } } }`;
    const added = (await run(add, { input: { id, text: 'First look' } }))[`${one}NoteCreate`];
    expect(added).toEqual({ note: { id: expect.any(String), text: 'First look' }, errors: [] });
    expect((await run(add, { input: { id, text: ' ' } }))[`${one}NoteCreate`]).toEqual({ note: null, errors: [{ path: ['input', 'text'], message: "Text can't be blank" }] });
    const read = await run(`query($id: ID!) { node(id: $id) { ... on ${type} { notes(first: 5) { totalCount nodes { id text } } } } }`, { id });
    expect(read.node.notes).toEqual({ totalCount: 1, nodes: [added.note] });
    expect((await run(`query($id: ID!) { node(id: $id) { ... on Note { text } } }`, { id: added.note.id })).node).toEqual({ text: 'First look' });
    const events = await g.test.db('graphile_worker._private_jobs').whereRaw("payload->>'object_id' = ? and payload->>'event' = ?", [String(dbId), `${def.noun}.note-added`]).pluck('payload');
    expect(events.map((payload: { payload: { note_nodeID: string } }) => payload.payload.note_nodeID)).toEqual([added.note.id]);
  });
});
