import request from 'supertest';
import { RULE_LIMITS } from '@tessera/domain';
import { listQueuedJobs } from '@tessera/persistence';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/automation_rules` (issue 33, docs/decisions/053): what the record contract does not cover —
 * a rule compiled when written, every problem a 422 entry pointing at its place; the webhooks,
 * rules and owner it names looked up in the account; the bounds of a rule and of an account's
 * rules; the run log; and the `automation-run` job a change queues only while a rule could match.
 */
describe('automation rules over REST', () => {
  let h: ApiHarness;
  let n = 0;
  const patch = (path: string, body: object, as?: string) =>
    request(h.app).patch(path).set('Authorization', `Bearer ${as ?? h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);
  const valid = (values: Record<string, unknown> = {}) => ({
    name: `Rule ${++n}`, generic: 'request', trigger: 'on status update', condition: "record.status == 'waiting_for_customer'", ...values,
  });
  const create = (values: Record<string, unknown> = {}) => h.post('/v1/automation_rules').send(valid(values));

  beforeAll(async () => {
    h = await startApiHarness();
    await h.test.db('webhooks').insert({ account_id: h.demo.account, name: 'notify', event: 'automation_rule', uri: 'https://example.com/notify' });
    await h.test.db('accounts').insert({ id: 'other', name: 'Other Corp' });
  });
  afterAll(() => h.drop());

  it('creates a rule compiled from its lines, read back with its expressions and actions as written, last_error null', async () => {
    const body = valid({
      expressions: 'waiting: record.status == "waiting_for_customer"\nops: record.team.name == "Ops"',
      condition: 'waiting && ops',
      actions: "unassign: update request set member = nil\ntell: update request add note 'Unassigned while waiting'\nnotify: call webhook 'notify' with payload {'subject': record.subject}",
      position: 3,
    });
    const created = await h.post('/v1/automation_rules').send(body).expect(201);
    expect(created.body).toMatchObject({ ...body, disabled: false, owner_type: null, owner_id: null, last_error: null, last_error_at: null, description: null });
    expect((await h.get(`/v1/automation_rules/${created.body.id}`).expect(200)).body).toEqual(created.body);
  });

  it('refuses a rule that does not compile, one 422 entry per problem pointing at it, and writes nothing', async () => {
    const before = await h.test.db('automation_rules').count({ n: '*' }).first();
    const res = await h.post('/v1/automation_rules').send(valid({
      trigger: 'on membr update',
      expressions: 'ok: record.subject\nbad: record.subjekt',
      condition: 'record.status ==',
      actions: [
        'update request set membr = nil',
        'update request shout loudly',
        'update request set created_at = nil',
        "call webhook 'nobody' with payload {'a': 1}",
        "after 2h trigger 'no such rule'",
        'update problem set status = nil',
      ].join('\n'),
    })).expect(422);
    expect(res.body.errors).toEqual([
      ['trigger', "unknown field 'membr' of request"],
      ['condition', expect.any(String)],
      ['expressions[1]', expect.stringContaining('subjekt')],
      ['actions[0]', "unknown field 'membr' of request"],
      ['actions[1]', expect.stringMatching(/^an action is 'update <record> set <field> = <value>'/)],
      ['actions[2]', "'created_at' of a request is not written by a change"],
      ['actions[5]', "a rule of a request updates the request, not 'problem'"],
    ]);
    // The names an action gives are looked up once the rule compiles.
    const names = await h.post('/v1/automation_rules').send(valid({ actions: "call webhook 'nobody' with payload {'a': 1}\nafter 2h trigger 'no such rule'" })).expect(422);
    expect(names.body.errors).toEqual([
      ['actions[0]', "no webhook of the account is named 'nobody'"],
      ['actions[1]', "no automation rule of the account is named 'no such rule'"],
    ]);
    expect(await h.test.db('automation_rules').count({ n: '*' }).first()).toEqual(before);
  });

  it('compiles a change as the rule would be: a broken condition is refused, the rule kept as it was', async () => {
    const { id } = (await create()).body;
    const res = await patch(`/v1/automation_rules/${id}`, { condition: 'record.nope' }).expect(422);
    expect(res.body.errors).toEqual([['condition', expect.stringContaining('nope')]]);
    expect((await h.get(`/v1/automation_rules/${id}`).expect(200)).body.condition).toBe("record.status == 'waiting_for_customer'");
    await patch(`/v1/automation_rules/${id}`, { generic: 'problem', condition: "record.status == 'solved'" }).expect(200);
  });

  it('is generic for a type or owned by one record of the account, never both nor neither', async () => {
    await h.post('/v1/automation_rules').send({ ...valid(), generic: null }).expect(422);
    const both = await h.post('/v1/automation_rules').send(valid({ owner_type: 'request', owner_id: 1 })).expect(422);
    expect(both.body.errors).toEqual([['generic', expect.stringContaining('not both nor neither')]]);
    const [{ id: foreign }] = await h.test.db('requests').insert({
      account_id: 'other', subject: 'Theirs', category: 'incident', status: 'assigned',
      requested_by_id: await h.id('people', { primary_email: h.demo.admin.email }), requested_for_id: await h.id('people', { primary_email: h.demo.admin.email }),
      created_by_id: await h.id('people', { primary_email: h.demo.admin.email }),
    }).returning('id');
    const theirs = await h.post('/v1/automation_rules').send(valid({ generic: null, owner_type: 'request', owner_id: foreign })).expect(422);
    expect(theirs.body.errors).toEqual([['owner_id', `Owner: no request of the account has the id ${foreign}`]]);
  });

  it('refuses hostile expressions when written, never a 5xx: deep nesting, a macro inside another, a text past the length', async () => {
    const res = await h.post('/v1/automation_rules').send(valid({
      // Past the declaration's 20,000 characters, `expressions` itself would be refused; within it, each line is bounded.
      expressions: `deep: ${'('.repeat(5_000)}1${')'.repeat(5_000)}\nnested: [1, 2].all(a, [3].exists(b, b == a))`,
      condition: `record.subject == '${'x'.repeat(2_100)}'`,
      actions: `note: update request add note ${'('.repeat(40)}'x'${')'.repeat(40)}`,
    })).expect(422);
    expect(res.body.errors.map(([field]: [string]) => field)).toEqual(['condition', 'expressions[0]', 'expressions[1]', 'actions[0]']);
    expect(res.body.errors[2][1]).toContain('may not be used inside another one');
  });

  it('bounds a rule: at most 20 expressions and 20 actions', async () => {
    const many = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('\n');
    const res = await h.post('/v1/automation_rules').send(valid({
      expressions: many(RULE_LIMITS.maxExpressions + 1, (i) => `e${i}: ${i}`),
      actions: many(RULE_LIMITS.maxActions + 1, () => "update request add note 'x'"),
    })).expect(422);
    expect(res.body.errors).toEqual([['expressions', 'a rule has at most 20 expressions'], ['actions', 'a rule has at most 20 actions']]);
  });

  it('bounds the rules of an account for one record type', async () => {
    const existing = Number((await h.test.db('automation_rules').where({ account_id: h.demo.account, generic: 'risk' }).count({ n: '*' }).first())!['n']);
    await h.test.db('automation_rules').insert(Array.from({ length: RULE_LIMITS.maxRulesPerType - existing }, (_, i) => ({
      account_id: h.demo.account, name: `Risk rule ${i}`, trigger: 'on update', condition: 'true', generic: 'risk',
    })));
    const res = await h.post('/v1/automation_rules').send(valid({ generic: 'risk', condition: 'true', trigger: 'on update' })).expect(422);
    expect(res.body.errors).toEqual([['generic', 'An account has at most 100 rules for one record type or record']]);
    await h.post('/v1/automation_rules').send(valid({ generic: 'problem', condition: 'true', trigger: 'on update' })).expect(201);
  });

  it('is written and read by an administrator only: an agent with every scope of rules is refused, lists none and finds none', async () => {
    const { id } = (await create()).body;
    const agent = await tokenFor(h, h.demo.agent.email, ['automation_rule:*']);
    const res = await h.post('/v1/automation_rules', agent).send(valid()).expect(403);
    expect(res.body.reason).toBe('This needs the administrator role in the account');
    expect((await h.get('/v1/automation_rules', agent).expect(200)).body).toEqual([]);
    await h.get(`/v1/automation_rules/${id}`, agent).expect(404);
    await h.get(`/v1/automation_rules/${id}/runs`, agent).expect(404);
  });

  it('deletes a rule: 204, then it is not found, and its runs go with it', async () => {
    const { id } = (await create()).body;
    await h.test.db('automation_rule_runs').insert({ account_id: h.demo.account, rule_id: id, record_type: 'request', record_id: 1, matched: true, depth: 0 });
    await request(h.app).delete(`/v1/automation_rules/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).expect(204);
    await h.get(`/v1/automation_rules/${id}`).expect(404);
    expect(await h.test.db('automation_rule_runs').where({ rule_id: id })).toEqual([]);
  });

  it('lists a rule’s runs newest first, with the collection conventions; another account’s rule or none is not found', async () => {
    const { id } = (await create()).body;
    for (const [depth, error] of [[0, null], [1, null], [6, 'stopped at depth 5']] as const) {
      await h.test.db('automation_rule_runs').insert({ account_id: h.demo.account, rule_id: id, record_type: 'request', record_id: 7, matched: error === null, actions: JSON.stringify(error ? [] : ['tell']), error, depth });
    }
    const runs = await h.get(`/v1/automation_rules/${id}/runs`).expect(200);
    expect(runs.body.map((run: { depth: number }) => run.depth)).toEqual([6, 1, 0]);
    expect(runs.body[0]).toEqual({ id: expect.any(Number), at: expect.any(String), record_type: 'request', record_id: 7, matched: false, actions: [], error: 'stopped at depth 5', depth: 6 });
    expect(runs.headers['x-pagination-total-entries']).toBe('3');
    const page = await h.get(`/v1/automation_rules/${id}/runs?per_page=1&page=2&sort=depth`).expect(200);
    expect(page.body.map((run: { depth: number }) => run.depth)).toEqual([1]);
    expect((await h.get(`/v1/automation_rules/${id}/runs?matched=false`).expect(200)).body).toHaveLength(1);
    await h.get('/v1/automation_rules/2147483000/runs').expect(404);
    const [{ id: foreign }] = await h.test.db('automation_rules').insert({ account_id: 'other', name: 'Theirs', trigger: 'on update', condition: 'true', generic: 'request' }).returning('id');
    await h.get(`/v1/automation_rules/${foreign}/runs`).expect(404);
  });

  it('queues an automation-run job with a change only while the account has an enabled rule that could match', async () => {
    await h.test.db('automation_rules').where({ account_id: h.demo.account }).update({ disabled: true });
    await h.test.db.raw('delete from graphile_worker._private_jobs');
    const runs = async () => (await listQueuedJobs(h.test.db, 'automation-run')).map((job) => job.payload);
    const { id } = (await h.post('/v1/requests').send({ subject: 'No rules yet', category: 'incident' }).expect(201)).body;
    expect(await runs()).toEqual([]);

    await create({ trigger: 'on update', condition: 'true' });
    await patch(`/v1/requests/${id}`, { impact: 'low' }).expect(200);
    expect(await runs()).toEqual([expect.objectContaining({ noun: 'request', record_id: id, action: 'update', previous: { impact: 'top' }, verbs: ['update'], depth: 0 })]);
  });
});
