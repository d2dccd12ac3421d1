import request from 'supertest';
import { collectionViews, EVENT_CATALOGUE, RECORDS, readNameOf, referenceTarget, type RecordDefinition } from '@tessera/domain';
import { mountedRouteTable } from '@tessera/http';
import { accessPrincipals, insertNeededRecord, mintToken } from '@tessera/persistence/testing';
import { queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * The contract of every record of the engine (docs/decisions/039), over RECORDS: a record
 * added later is tested by adding it there. Its REST routes and what they need, its OpenAPI
 * bodies and answers, its events through the outbox, the access matrix, uniqueness, references
 * to another account's records, and bad input.
 */
type Method = 'get' | 'post' | 'patch' | 'delete';
type OpenApi = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>> };
type Schema = { properties?: Record<string, unknown>; items?: Schema; $ref?: string };

/** What a create needs beyond its declaration's required fields, for a record whose own rules ask more: an automation rule compiles. */
const VALID: Readonly<Record<string, Record<string, unknown>>> = {
  automation_rule: { trigger: 'on update', condition: "record.status == 'assigned'", generic: 'request' },
};

describe.each(RECORDS.map((def) => [def.noun, def] as const))('the %s record', (_noun, def: RecordDefinition) => {
  let h: ApiHarness;
  let n = 0;
  const base = `/v1/${def.path}`;
  const fields = Object.entries(def.fields.fields);
  /** A record of the account for each required reference (made in beforeAll). */
  const needed: Record<string, number> = {};
  /** A text the record takes, `label` making it its own: the field's declared example where made-up words would not do (an e-mail address). */
  const text = (name: string, label: string) => {
    const { example } = def.fields.fields[name] as { example?: string };
    return example === undefined ? `${label} ${def.what}` : `${label.replace(/\s+/g, '-')}-${example}`;
  };
  /** Only what a create needs: each required text, unique in the account, each required reference, each required enum its first value, and a day, a number of minutes and a moment of its own. */
  const minimal = (): Record<string, unknown> => {
    n += 1;
    return Object.fromEntries(fields.filter(([, field]) => field.required && field.write).map(([name, field]): [string, unknown] => {
      if (field.type === 'reference') return [name, needed[name]];
      if (field.type === 'enum') return [name, field.values[0]];
      if (field.type === 'date') return [name, `2026-01-${String((n % 28) + 1).padStart(2, '0')}`];
      if (field.type === 'integer') return [name, n % 60];
      if (field.type === 'datetime') return [name, new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString()];
      if (field.type !== 'text') throw new Error(`no value for the required ${field.type} ${name}`);
      return [name, text(name, `Contract ${n}`)];
    }).concat(Object.entries(VALID[def.noun] ?? {})));
  };
  /** The events of the catalogue among these verbs: an automation rule's has none. */
  const catalogued = (...verbs: string[]) => verbs.filter((verb) => (EVENT_CATALOGUE[def.noun] as readonly string[]).includes(verb)).map((verb) => `${def.noun}.${verb}`);
  const send = (method: Method, path: string, body?: object, authorization = `Bearer ${h.demo.admin.token}`) => {
    const call = request(h.app)[method](path).set('X-Service-Account', h.demo.account).set('Authorization', authorization);
    return method === 'get' ? call : call.send(body ?? {});
  };
  /** Where a create goes: the collection, or under a record of its parent (define-record.ts RecordParent `create`), the reference from the path. */
  const under = Object.entries(def.parents).find(([, parent]) => parent.create);
  const parentPath = under && RECORDS.find((record) => record.node === (def.fields.fields[under[0]] as { target: string }).target)!.path;
  const createRoute = under ? `/v1/${parentPath}/:id/${under[1].path}` : base;
  const createPath = () => (under ? `/v1/${parentPath}/${needed[under[0]]}/${under[1].path}` : base);
  const forCreate = (body: Record<string, unknown>) => (under ? Object.fromEntries(Object.entries(body).filter(([name]) => name !== under[0])) : body);
  const create = (body: Record<string, unknown>) => send('post', createPath(), forCreate(body));
  /** A change's body: the fields a change may set (a reference set at create only, as a task's workflow, is not). */
  const changing = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([name]) => def.fields.fields[name]?.write === 'change'));
  /** The events of the caller's changes of the record; the moves its lifecycle makes as the service (a project task assigned) are its lifecycle spec's. */
  const eventsOf = async (id: number) =>
    (await queuedEvents(h)).filter((job) => job.object_id === id && job.event.startsWith(`${def.noun}.`) && job.payload?.['source'] !== 'Tessera').map((job) => job.event);

  beforeAll(async () => {
    h = await startApiHarness();
    await h.test.db('accounts').insert({ id: 'other', name: 'Other Corp' }).onConflict('id').ignore();
    for (const [name, field] of fields) {
      if (field.type !== 'reference' || !field.required) continue;
      needed[name] = await insertNeededRecord(h.test.db, h.demo.account, field.target);
    }
  }, 60_000);
  afterAll(() => h.drop());

  /** A route declares one role at most: the only writer role, or a note naming them. */
  const who = 'note' in def.writers ? { note: def.writers.note } : { role: def.writers.roles[0] };
  /** Why a caller without a writer role is refused a write: by the route's role, or by the use case. */
  const refusal = 'note' in def.writers ? def.writers.rule : `This needs the ${def.writers.roles[0]} role in the account`;

  /** The predefined filters of a record with `current` or `predefined` (define-record.ts collectionViews), before `/:id`; `all` of the latter is the collection. */
  const views = collectionViews(def).filter((view) => def.current !== null || view !== 'all').map((view) => `${base}/${view}`);

  it('has its routes (and its predefined filters), each needing its scope action, the writes its writers; DELETE where the catalogue has the verb', () => {
    const routes = mountedRouteTable(h.app).filter((route) => [base, `${base}/:id`, createRoute, ...views].includes(route.path));
    expect(routes.map((route) => [route.method, route.path, route.needs])).toEqual([
      ['get', base, { scope: `${def.noun}:Read` }],
      ...views.map((path) => ['get', path, { scope: `${def.noun}:Read` }]),
      ['get', `${base}/:id`, { scope: `${def.noun}:Read` }],
      // A record created under its parent is listed there too.
      ...(under ? [['get', createRoute, { scope: `${def.noun}:Read` }]] : []),
      ['post', createRoute, { ...who, scope: `${def.noun}:Create`, answer: `${def.noun}:Read` }],
      ['patch', `${base}/:id`, { ...who, scope: `${def.noun}:Update`, answer: `${def.noun}:Read` }],
      ...(def.deletable ? [['delete', `${base}/:id`, { ...who, scope: `${def.noun}:Delete` }]] : []),
    ]);
  });

  it('documents its bodies and answers in the OpenAPI document, every field of its declaration', async () => {
    const document = (await request(h.app).get('/v1/openapi.json').expect(200)).body as OpenApi;
    const schemas = (document as unknown as { components: { schemas: Record<string, Schema> } }).components?.schemas ?? {};
    const resolve = (schema: Schema): Schema => (schema.$ref ? schemas[schema.$ref.split('/').pop()!]! : schema);
    const json = (part: { content?: Record<string, { schema: Schema }> } | undefined) => resolve(part!.content!['application/json']!.schema);
    const written = (mode: 'create' | 'change') => fields.filter(([, field]) => field.write === 'change' || (mode === 'create' && field.write === 'create')).map(([name]) => name);
    const read = fields.map(([name, field]) => readNameOf(name, field)).filter((name) => name !== null);
    const creating = createRoute.replace(':id', '{id}');
    expect(Object.keys(json(document.paths[creating]!['post']!.requestBody).properties!).sort()).toEqual(written('create').filter((name) => name !== under?.[0]).sort());
    expect(Object.keys(json(document.paths[`${base}/{id}`]!['patch']!.requestBody).properties!).sort()).toEqual(written('change').sort());
    expect(Object.keys(json(document.paths[creating]!['post']!.responses['201']).properties!).sort()).toEqual([...read, 'nodeID'].sort());
    expect(Object.keys(json(document.paths[`${base}/{id}`]!['get']!.responses['200']).properties!).sort()).toEqual([...read, 'nodeID'].sort());
  });

  it('creates with only its required fields, changes, reads back, and fires one event per change and none for no change', async () => {
    const created = await create(minimal()).expect(201);
    expect((await send('get', `${base}/${created.body.id}`).expect(200)).body).toEqual(created.body);
    expect((await send('get', base).expect(200)).body.map((row: { id: number }) => row.id)).toContain(created.body.id);
    const change = changing(minimal());
    await send('patch', `${base}/${created.body.id}`, change).expect(200);
    await send('patch', `${base}/${created.body.id}`, change).expect(200);
    expect(await eventsOf(created.body.id)).toEqual(catalogued('create', 'update'));
  });

  it('answers each caller as decided, and never a 5xx', async () => {
    const id = (await create(minimal()).expect(201)).body.id as number;
    const { principals, adminId } = await accessPrincipals(h.test.db, h.demo);
    const byName = Object.fromEntries(principals.map((p) => [p.name, p.authorization ?? null]));
    const writer = `Bearer ${await tokenFor(h, h.demo.agent.email, [`${def.noun}:*`])}`;
    const routes: Array<[Method, string, string]> = [
      ['get', base, 'Read'], ...views.map((path): [Method, string, string] => ['get', path, 'Read']),
      ['get', `${base}/${id}`, 'Read'], ['post', createPath(), 'Create'], ['patch', `${base}/${id}`, 'Update'],
    ];
    if (def.deletable) routes.push(['delete', `${base}/${id}`, 'Delete']);
    const done = (method: Method) => ({ get: '200', post: '201', patch: '200', delete: '204' })[method];
    // A record with a read rule (define-record.ts `readers`) is read by a caller as their list has it: absent there, not found.
    const listed = async (authorization: string) =>
      (await send('get', `${base}${def.current === null ? '' : '/all'}?id=${id}`, undefined, authorization).expect(200)).body.some((row: { id: number }) => row.id === id);
    const [endUserReads, agentReads] = def.readers === null ? [true, true] : [await listed(byName['end user']!), await listed(writer)];
    // A caller without a writer role: refused, but for a record whose own person they are (their new one; the
    // record under test is the administrator's).
    const other = (method: Method, path: string, reads: boolean) =>
      method === 'get' ? (path === `${base}/${id}` && !reads ? '404' : '200') : method === 'post' && def.writers.own !== undefined ? done(method) : `403 ${refusal}`;
    const callers: Array<[string, (action: string) => Promise<string | null>, (method: Method, action: string, path: string) => string]> = [
      ['no token', async () => null, () => '401'],
      ["another account's token", async () => byName["another account's token"]!, () => '403'],
      ['end user', async () => byName['end user']!, (method, _action, path) => other(method, path, endUserReads)],
      ['agent with the actions', async () => writer, (method, _action, path) => (def.writers.roles.includes('agent') ? done(method) : other(method, path, agentReads))],
      ['administrator', async () => `Bearer ${h.demo.admin.token}`, done],
      ['scope denied', async (action) => `Bearer ${await mintToken(h.test.db, adminId, ['*:*', `deny ${def.noun}:${action}`])}`, (_m, action) => `403 This token's scopes deny ${def.noun}:${action}`],
    ];
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const [method, path, action] of routes) {
      for (const [caller, authorization, expected] of callers) {
        const auth = await authorization(action);
        let call = request(h.app)[method](path).set('X-Service-Account', h.demo.account);
        if (auth) call = call.set('Authorization', auth);
        const res = await (method === 'get' || method === 'delete' ? call : call.send(method === 'post' ? forCreate(minimal()) : changing(minimal())));
        const want = expected(method, action, path);
        answers.push(`${method} ${path} as ${caller}: ${res.status}${want.includes(' ') ? ` ${res.body.reason}` : ''}`);
        wanted.push(`${method} ${path} as ${caller}: ${want}`);
      }
    }
    expect(answers).toEqual(wanted);
  }, 60_000);

  it('lets a limited writer change, note and create under a parent only the work they are responsible for, each way its writers say', async () => {
    const limited = def.writers.limited;
    if (limited === undefined) return;
    const { db } = h.test;
    const [{ id: specialist }] = await db('people').insert({ account_id: h.demo.account, name: `Sam ${def.noun} specialist`, primary_email: `sam-${def.noun}@contract.example` }).returning('id');
    for (const role of limited.roles) await db('person_roles').insert({ person_id: specialist, account_id: h.demo.account, role });
    const as = `Bearer ${await mintToken(db, specialist, [`${def.noun}:*`])}`;
    const pathUnder = (parentId: number) => (under ? `/v1/${parentPath}/${parentId}/${under[1].path}` : base);
    const refused = `403 ${limited.rule}`;
    const answers: string[] = [];
    const wanted: string[] = [];
    const expectAs = async (what: string, method: Method, path: string, body: object | undefined, want: string) => {
      const res = await send(method, path, body, as);
      answers.push(`${what}: ${res.status}${want.startsWith('403') ? ` ${res.body.reason}` : ''}`);
      wanted.push(`${what}: ${want}`);
    };
    const changeAndNote = async (how: string, id: number, want: { patch: string; note: string }) => {
      await expectAs(`change ${how}`, 'patch', `${base}/${id}`, changing(minimal()), want.patch);
      if (def.notes) await expectAs(`note ${how}`, 'post', `${base}/${id}/notes`, { text: `Noted ${how}` }, want.note);
    };
    // Not responsible: the administrator's record, and a create under a parent the specialist is not responsible for.
    const parentWays = limited.by.filter((way) => 'parent' in way && way.parent !== undefined);
    await expectAs('create', 'post', createPath(), forCreate(minimal()), under && parentWays.length > 0 ? refused : '201');
    await changeAndNote('of another', (await create(minimal()).expect(201)).body.id, { patch: refused, note: refused });
    for (const way of limited.by) {
      const body = minimal();
      let parentId = needed[under?.[0] ?? ''] ?? 0;
      if ('team' in way) {
        const team = await insertNeededRecord(db, h.demo.account, 'Team');
        await db('team_memberships').insert({ account_id: h.demo.account, team_id: team, person_id: specialist });
        body[way.team] = team;
      } else if ('link' in way) body[way.link] = [specialist];
      else if (way.parent === undefined) body[way.person] = specialist;
      else {
        const target = (def.fields.fields[way.parent] as { target: string }).target;
        parentId = await insertNeededRecord(db, h.demo.account, target);
        await db(referenceTarget(target).table).where({ id: parentId }).update({ [way.person]: specialist });
        body[way.parent] = parentId;
        await expectAs(`create under ${JSON.stringify(way)}`, 'post', pathUnder(parentId), forCreate(minimal()), '201');
      }
      const id = (await send('post', pathUnder(parentId), forCreate(body)).expect(201)).body.id as number;
      await changeAndNote(`by ${JSON.stringify(way)}`, id, { patch: '200', note: '201' });
    }
    // A caller with an unlimited writer role as well is not limited.
    await db('person_roles').insert({ person_id: specialist, account_id: h.demo.account, role: def.writers.roles.find((role) => !limited.roles.includes(role))! });
    await changeAndNote('of another, with an unlimited role too', (await create(minimal()).expect(201)).body.id, { patch: '200', note: '201' });
    expect(answers).toEqual(wanted);
  }, 60_000);

  it('refuses a taken unique value as read, in a create and a change', async () => {
    if (def.unique === null) return;
    const first = minimal();
    const taken = text(def.unique, 'Taken');
    first[def.unique] = taken;
    await create(first).expect(201);
    const again = { ...minimal(), [def.unique]: taken.toLowerCase() === taken ? taken.toUpperCase() : taken.toLowerCase() };
    const res = await create(again).expect(422);
    expect(res.body.errors).toEqual([[def.unique, expect.stringContaining('has already been taken')]]);
    const other = (await create(minimal()).expect(201)).body.id as number;
    expect((await send('patch', `${base}/${other}`, { [def.unique]: taken }).expect(422)).body.errors).toEqual([[def.unique, expect.stringContaining('has already been taken')]]);
  });

  it('refuses another account’s records as references, naming each, and writes nothing', async () => {
    const references = fields.filter(([, field]) => field.write === 'change' && (field.type === 'reference' || field.type === 'references'));
    // An automation rule names its owner by type and id (its own spec refuses another account's).
    if (references.length === 0) return;
    const body: Record<string, unknown> = minimal();
    const expected: unknown[] = [];
    for (const [name, field] of references) {
      if (field.type !== 'reference' && field.type !== 'references') continue;
      const target = referenceTarget(field.target);
      const id = await insertNeededRecord(h.test.db, 'other', field.target);
      body[name] = field.type === 'reference' ? id : [id];
      // A record may keep its own words for it (define-record.ts `missing`: a team's, as before the engine).
      expected.push([name, def.missing[name] ? def.missing[name]!(String(id)) : expect.stringContaining(`no ${target.what} of the account has the id ${id}`)]);
    }
    const before = await h.test.db(def.table).count({ n: '*' }).first();
    const res = await create(body).expect(422);
    expect(res.body.errors).toEqual(expected);
    expect(await h.test.db(def.table).count({ n: '*' }).first()).toEqual(before);
  });

  it('answers bad input with a 4xx naming every problem, and writes nothing', async () => {
    const before = await h.test.db(def.table).count({ n: '*' }).first();
    const missing = await create({}).expect(422);
    const required = fields.filter(([name, field]) => field.required && field.write && name !== under?.[0]).map(([name]) => name);
    // Each required field once; a record's own rules may name more (an automation rule's subject).
    expect((missing.body.errors as Array<[string, string]>).map(([field]) => field).filter((field) => required.includes(field))).toEqual(required);
    expect(missing.body.errors).toHaveLength(required.length + (def.noun in VALID ? 1 : 0));
    const unknown = await create({ ...minimal(), colour: 'red', id: 1 });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect(JSON.stringify(unknown.body)).toContain('colour');
    expect(JSON.stringify(unknown.body)).toContain('id');
    await send('patch', `${base}/2147483000`, minimal()).expect(404);
    await send('get', `${base}/abc`).expect(404);
    expect(await h.test.db(def.table).count({ n: '*' }).first()).toEqual(before);
  });

  it('deletes where the catalogue has the verb: 204, then 404, the event carrying what the record held; another account’s is not found', async () => {
    const created = (await create(minimal()).expect(201)).body as Record<string, unknown> & { id: number };
    if (!def.deletable) {
      expect((await send('delete', `${base}/${created.id}`)).status).toBe(404);
      expect(await eventsOf(created.id)).toEqual(catalogued('create'));
      return;
    }
    const foreign = (await request(h.app).delete(`${base}/${created.id}`).set('X-Service-Account', 'other').set('Authorization', `Bearer ${h.demo.admin.token}`)).status;
    expect(foreign).toBeGreaterThanOrEqual(403);
    await send('delete', `${base}/${created.id}`).expect(204);
    await send('get', `${base}/${created.id}`).expect(404);
    await send('delete', `${base}/${created.id}`).expect(404);
    await send('patch', `${base}/${created.id}`, minimal()).expect(404);
    const jobs = (await queuedEvents(h)).filter((job) => job.object_id === created.id && job.event.startsWith(`${def.noun}.`));
    expect(jobs.map((job) => job.event)).toEqual(catalogued('create', 'delete'));
    if (def.payloadFields) {
      const { id: _id, nodeID: _nodeID, ...held } = created;
      expect(jobs[1]!.payload).toEqual(expect.objectContaining(held));
    }
  });

  it('lists at /v1/<path>/:id/<list> the records each of its link lists holds; another account’s record, or none, is not found', async () => {
    for (const field of Object.keys(def.links)) {
      const declared = def.fields.fields[field]!;
      const list = readNameOf(field, declared);
      if (declared.type !== 'references' || list === null || !RECORDS.some((record) => record.node === declared.target)) continue;
      // A list of its own kind holds one made as the record is (a task waits on a task of its workflow).
      const held = declared.target === def.node ? (await create(minimal()).expect(201)).body.id as number : await insertNeededRecord(h.test.db, h.demo.account, declared.target);
      const id = (await create({ ...minimal(), [field]: [held] }).expect(201)).body.id as number;
      expect({ list, ids: (await send('get', `${base}/${id}/${list}`).expect(200)).body.map((row: { id: number }) => row.id) }).toEqual({ list, ids: [held] });
      await send('get', `${base}/2147483000/${list}`).expect(404);
      const foreign = await request(h.app).get(`${base}/${id}/${list}`).set('X-Service-Account', 'other').set('Authorization', `Bearer ${h.demo.admin.token}`);
      expect(foreign.status).toBeGreaterThanOrEqual(403);
      expect(foreign.status).toBeLessThan(405);
    }
  });

  it('takes notes where the catalogue has note-added: listed in order, each firing the event once; blank, internal or on nothing is refused', async () => {
    const id = (await create(minimal()).expect(201)).body.id as number;
    if (!def.notes) {
      expect((await send('get', `${base}/${id}/notes`)).status).toBe(404);
      return;
    }
    const first = await send('post', `${base}/${id}/notes`, { text: ' Looked at the logs ' }).expect(201);
    expect(first.body).toEqual({ id: expect.any(Number), text: 'Looked at the logs', internal: false, person: expect.objectContaining({ name: 'Alice Admin' }), created_at: expect.any(String), nodeID: expect.any(String) });
    await send('post', `${base}/${id}/notes`, { text: 'Found the cause' }).expect(201);
    const listed = await send('get', `${base}/${id}/notes?sort=-id`).expect(200);
    expect(listed.body.map((note: { text: string }) => note.text)).toEqual(['Found the cause', 'Looked at the logs']);
    const jobs = (await queuedEvents(h)).filter((job) => job.object_id === id && job.event === `${def.noun}.note-added`);
    expect(jobs.map((job) => job.payload['note_id'])).toEqual([first.body.id, expect.any(Number)]);
    expect(jobs[0]!.payload['note_nodeID']).toBe(first.body.nodeID);
    expect((await send('post', `${base}/${id}/notes`, { text: '  ' }).expect(422)).body.errors).toEqual([['text', "Text can't be blank"]]);
    expect((await send('post', `${base}/${id}/notes`, { text: 'Secret', internal: true }).expect(422)).body.errors[0][0]).toBe('internal');
    await send('post', `${base}/2147483000/notes`, { text: 'Nowhere' }).expect(404);
    await send('get', `${base}/2147483000/notes`).expect(404);
    expect((await send('get', `${base}/${id}/notes`).expect(200)).body).toHaveLength(2);
    const reader = `Bearer ${await tokenFor(h, h.demo.agent.email, [`${def.noun}:Read`])}`;
    await send('post', `${base}/${id}/notes`, { text: 'Not allowed' }, reader).expect(403);
  });
});
