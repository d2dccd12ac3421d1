import { RULE_LIMITS } from '@tessera/domain';
import { listQueuedJobs } from '@tessera/persistence';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * Rules of a request template (../shared/RECORDS.md §6, docs/decisions/058): written like any rule
 * with `owner_type` request_template; never run themselves; copied onto each request created from
 * the template — over REST and the events intake — in the request's transaction, as the template
 * rule's last writer, audited as a rule create, so the request's create queues its rules' run.
 */
describe('automation rules of request templates over REST', () => {
  let h: ApiHarness;
  let template: number;
  let n = 0;
  const templateRule = (values: Record<string, unknown> = {}) => h.post('/v1/automation_rules').send({
    name: `Template rule ${++n}`, owner_type: 'request_template', owner_id: template, trigger: 'on create', condition: 'true',
    actions: "tell: update request add note 'From the template'", ...values,
  });
  const copiesOf = (requestId: number) =>
    h.test.db('automation_rules').where({ owner_type: 'request', owner_id: requestId }).orderBy('id')
      .select('name', 'trigger', 'expressions', 'condition', 'actions', 'position', 'disabled', 'description', 'generic', 'last_error');
  const runJobs = async (requestId: number) => (await listQueuedJobs(h.test.db, 'automation-run')).map((job) => job.payload as { record_id: number; action: string }).filter((job) => job.record_id === requestId);

  beforeAll(async () => {
    h = await startApiHarness();
    await h.test.db('accounts').insert({ id: 'other', name: 'Other Corp' });
    [{ id: template }] = await h.test.db('templates').insert({ account_id: h.demo.account, subject: 'Laptop request', category: 'rfc' }).returning('id');
  });
  afterAll(() => h.drop());

  it('writes a template’s rule like any rule, compiled for requests; a template of another account or none is refused', async () => {
    const created = await templateRule({ expressions: 'mine: record.subject', condition: "mine != ''", position: 4, description: 'Greets' }).expect(201);
    expect(created.body).toMatchObject({ owner_type: 'request_template', owner_id: template, generic: null, position: 4 });
    const wrong = await templateRule({ actions: 'update problem set status = nil' }).expect(422);
    expect(wrong.body.errors).toEqual([['actions[0]', "a rule of a request updates the request, not 'problem'"]]);
    const [{ id: theirs }] = await h.test.db('templates').insert({ account_id: 'other', subject: 'Theirs' }).returning('id');
    const foreign = await h.post('/v1/automation_rules').send({ name: 'Foreign', owner_type: 'request_template', owner_id: theirs, trigger: 'on create', condition: 'true' }).expect(422);
    expect(foreign.body.errors).toEqual([['owner_id', `Owner: no request template of the account has the id ${theirs}`]]);
    expect((await h.get(`/v1/automation_rules?owner_type=request_template`).expect(200)).body.map((rule: { id: number }) => rule.id)).toEqual([created.body.id]);
  });

  it('copies the template’s rules onto a request created from it over REST, by whoever may create it, as the rule’s last writer', async () => {
    await templateRule({ name: 'Disabled one', disabled: true, position: 1 }).expect(201);
    const rules = await h.test.db('automation_rules').where({ owner_type: 'request_template', owner_id: template }).orderByRaw('position asc nulls last, id asc').select('id', 'name', 'trigger', 'expressions', 'condition', 'actions', 'position', 'disabled', 'description');
    const agent = await tokenFor(h, h.demo.agent.email, ['request:*']);
    const { id } = (await h.post('/v1/requests', agent).send({ subject: 'New laptop', template_id: template }).expect(201)).body;
    expect(await copiesOf(id)).toEqual(rules.map(({ id: _id, ...rule }) => ({ ...rule, generic: null, last_error: null })));
    // Each copy is audited as a create by the template rule's writer (the administrator), not by the agent: it runs as them.
    const copies = await h.test.db('automation_rules').where({ owner_type: 'request', owner_id: id }).pluck('id');
    const audit = await h.test.db('audit_lines').where({ record_type: 'AutomationRule' }).whereIn('record_id', copies).select('action', 'person_id');
    const admin = await h.id('people', { primary_email: h.demo.admin.email });
    expect(audit).toEqual(copies.map(() => ({ action: 'create', person_id: admin })));
    // Its copies were there when the request's create was written: its rules' run is queued with it.
    expect(await runJobs(id)).toEqual([expect.objectContaining({ action: 'create' })]);
    // The copies are the request's own: listed under it, and the template keeps its own.
    expect((await h.get(`/v1/requests/${id}/automation_rules`).expect(200)).body).toHaveLength(rules.length);
    expect(await h.test.db('automation_rules').where({ owner_type: 'request_template', owner_id: template }).count({ n: '*' }).first()).toEqual({ n: rules.length });
  });

  it('copies them onto a request the events intake creates from the template, and onto none made without it', async () => {
    const event = await h.post(`/v1/events?subject=Laptop+broken&source=templates-spec&template_id=${template}`).expect(201);
    expect((await copiesOf(event.body.id)).map((copy) => copy.name)).toEqual((await h.test.db('automation_rules').where({ owner_type: 'request_template', owner_id: template }).orderByRaw('position asc nulls last, id asc').pluck('name')));
    expect(await runJobs(event.body.id)).toEqual([expect.objectContaining({ action: 'create' })]);
    const plain = (await h.post('/v1/requests').send({ subject: 'No template', category: 'incident' }).expect(201)).body.id as number;
    expect(await copiesOf(plain)).toEqual([]);
  });

  it('copies nothing when the request is refused: the copies are of its transaction', async () => {
    const before = await h.test.db('automation_rules').where({ owner_type: 'request' }).count({ n: '*' }).first();
    await h.post('/v1/requests').send({ subject: 'Refused', template_id: template, team_id: 2147480000 }).expect(422);
    expect(await h.test.db('automation_rules').where({ owner_type: 'request' }).count({ n: '*' }).first()).toEqual(before);
  });

  it('bounds a template’s rules as a record’s: at most 100, so a request’s copies stay within its own bound', async () => {
    const [{ id: full }] = await h.test.db('templates').insert({ account_id: h.demo.account, subject: 'Full template' }).returning('id');
    await h.test.db('automation_rules').insert(Array.from({ length: RULE_LIMITS.maxRulesPerType }, (_, i) => ({
      account_id: h.demo.account, name: `Full ${i}`, trigger: 'on update', condition: 'true', owner_type: 'request_template', owner_id: full,
    })));
    const res = await h.post('/v1/automation_rules').send({ name: 'One more', owner_type: 'request_template', owner_id: full, trigger: 'on create', condition: 'true' }).expect(422);
    expect(res.body.errors).toEqual([['owner_id', 'An account has at most 100 rules for one record type or record']]);
    const { id } = (await h.post('/v1/requests').send({ subject: 'From the full one', template_id: full }).expect(201)).body;
    expect(await copiesOf(id)).toHaveLength(RULE_LIMITS.maxRulesPerType);
    await h.post('/v1/automation_rules').send({ name: 'Past it', owner_type: 'request', owner_id: id, trigger: 'on update', condition: 'true' }).expect(422);
  });
});
