import request from 'supertest';
import { RULE_NOUNS, RULE_SUBJECTS } from '@tessera/domain';
import { insertNeededRecord } from '@tessera/persistence/testing';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * The lists of automation rules beside the collection (../shared/RECORDS.md §1, docs/decisions/058):
 * the predefined filters `/v1/automation_rules/for_<type>` (the rules that run for records of the
 * type: generic for it or owned by one of them, never a request template's), and each record's
 * own rules at `/v1/<type>/:id/automation_rules`, with the collection's conventions and readers.
 */
describe('automation rule lists over REST', () => {
  let h: ApiHarness;
  let n = 0;
  const ids = (body: Array<{ id: number }>) => body.map((rule) => rule.id).sort((a, b) => a - b);
  /** A rule written as the tests need it, straight into the table: what is listed is what counts here. */
  const rule = async (owner: { generic: string } | { owner_type: string; owner_id: number }, values: Record<string, unknown> = {}) => {
    const [{ id }] = await h.test.db('automation_rules')
      .insert({ account_id: h.demo.account, name: `Listed ${++n}`, trigger: 'on update', condition: 'true', ...owner, ...values })
      .returning('id');
    return id as number;
  };
  let requestId: number;
  let problemId: number;
  let taskId: number;
  let templateId: number;
  const made: Record<string, number> = {};

  beforeAll(async () => {
    h = await startApiHarness();
    await h.test.db('accounts').insert({ id: 'other', name: 'Other Corp' });
    requestId = (await h.post('/v1/requests').send({ subject: 'Listed rules', category: 'incident' }).expect(201)).body.id;
    problemId = await insertNeededRecord(h.test.db, h.demo.account, 'Problem');
    taskId = await insertNeededRecord(h.test.db, h.demo.account, 'Task');
    [{ id: templateId }] = await h.test.db('templates').insert({ account_id: h.demo.account, subject: 'Listed template' }).returning('id');
    made['generic request'] = await rule({ generic: 'request' }, { position: 2 });
    made['own request'] = await rule({ owner_type: 'request', owner_id: requestId }, { position: 1 });
    made['other request'] = await rule({ owner_type: 'request', owner_id: requestId + 1000 }, { position: 3 });
    made['template'] = await rule({ owner_type: 'request_template', owner_id: templateId });
    made['generic problem'] = await rule({ generic: 'problem' }, { disabled: true });
    made['own problem'] = await rule({ owner_type: 'problem', owner_id: problemId });
    made['own task'] = await rule({ owner_type: 'task', owner_id: taskId });
    await h.test.db('automation_rules').insert({ account_id: 'other', name: 'Theirs', trigger: 'on update', condition: 'true', generic: 'request' });
  });
  afterAll(() => h.drop());

  it('lists under /for_<type> the account’s rules that run for records of that type, enabled or not, never a template’s nor another type’s', async () => {
    expect(RULE_NOUNS.map((noun) => `for_${RULE_SUBJECTS[noun].path}`)).toEqual(['for_requests', 'for_problems', 'for_workflows', 'for_tasks', 'for_project_tasks', 'for_risks', 'for_cis']);
    expect(ids((await h.get('/v1/automation_rules/for_requests').expect(200)).body)).toEqual([made['generic request'], made['own request'], made['other request']]);
    expect(ids((await h.get('/v1/automation_rules/for_problems').expect(200)).body)).toEqual([made['generic problem'], made['own problem']]);
    expect(ids((await h.get('/v1/automation_rules/for_tasks').expect(200)).body)).toEqual([made['own task']]);
    expect((await h.get('/v1/automation_rules/for_cis').expect(200)).body).toEqual([]);
    // The collection keeps every rule, the template's among them.
    expect(ids((await h.get('/v1/automation_rules?per_page=100').expect(200)).body)).toEqual(Object.values(made).sort((a, b) => a - b));
  });

  it('keeps the collection’s conventions under a predefined filter: filters, sorting, fields, pages that link to the same filter', async () => {
    const sorted = await h.get('/v1/automation_rules/for_requests?sort=position&fields=name,position').expect(200);
    expect(sorted.body.map((row: { id: number }) => row.id)).toEqual([made['own request'], made['generic request'], made['other request']]);
    expect(Object.keys(sorted.body[0]).sort()).toEqual(['id', 'name', 'nodeID', 'position']);
    expect(ids((await h.get('/v1/automation_rules/for_requests?owner_type=request').expect(200)).body)).toEqual([made['own request'], made['other request']]);
    const page = await h.get('/v1/automation_rules/for_requests?per_page=1&page=2').expect(200);
    expect(page.headers['x-pagination-total-entries']).toBe('3');
    expect(page.headers['link']).toContain('/automation_rules/for_requests?');
    expect((await h.get('/v1/automation_rules/for_requests?sort=trigger').expect(400)).body.message).toBeDefined();
  });

  it('lists a record’s own rules under it, not the generic ones nor another record’s', async () => {
    expect(ids((await h.get(`/v1/requests/${requestId}/automation_rules`).expect(200)).body)).toEqual([made['own request']]);
    expect(ids((await h.get(`/v1/problems/${problemId}/automation_rules`).expect(200)).body)).toEqual([made['own problem']]);
    expect(ids((await h.get(`/v1/tasks/${taskId}/automation_rules`).expect(200)).body)).toEqual([made['own task']]);
    const owned = await h.get(`/v1/requests/${requestId}/automation_rules?fields=owner_type,owner_id`).expect(200);
    expect(owned.body).toEqual([{ id: made['own request'], nodeID: expect.any(String), owner_type: 'request', owner_id: requestId }]);
    for (const noun of RULE_NOUNS) {
      const { path } = RULE_SUBJECTS[noun];
      expect((await h.get(`/v1/${path}/2147480000/automation_rules`).expect(404)).body.message).toBe('Not Found');
    }
  });

  it('is not found for a record the caller may not read: of another account, or a request an end user did not ask for', async () => {
    const theirs = await insertNeededRecord(h.test.db, 'other', 'Problem');
    await h.get(`/v1/problems/${theirs}/automation_rules`).expect(404);
    await h.test.db('people').insert({ account_id: h.demo.account, name: 'Eve End', primary_email: 'eve.lists@widget.example' });
    const token = await tokenFor(h, 'eve.lists@widget.example', ['request:Read', 'automation_rule:Read']);
    await h.get(`/v1/requests/${requestId}/automation_rules`, token).expect(404);
  });

  it('shows rules to administrators only: an agent with every scope of rules lists none under either', async () => {
    const agent = await tokenFor(h, h.demo.agent.email, ['automation_rule:*', 'request:Read']);
    expect((await h.get('/v1/automation_rules/for_requests', agent).expect(200)).body).toEqual([]);
    expect((await h.get(`/v1/requests/${requestId}/automation_rules`, agent).expect(200)).body).toEqual([]);
    const unscoped = await tokenFor(h, h.demo.admin.email, ['request:Read']);
    const refused = await request(h.app).get(`/v1/requests/${requestId}/automation_rules`).set('Authorization', `Bearer ${unscoped}`).set('X-Service-Account', h.demo.account).expect(403);
    expect(refused.body.reason).toBe("This token's scopes do not allow automation_rule:Read");
  });

  it('documents the filters and the lists in the OpenAPI document', async () => {
    const { paths } = (await h.get('/v1/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { operationId: string; description?: string }>> };
    expect(paths['/v1/automation_rules/for_cis']!['get']!.operationId).toBe('listForCisAutomationRules');
    expect(paths['/v1/automation_rules/for_cis']!['get']!.description).toContain('The rules that run for configuration items');
    expect(paths['/v1/workflows/{id}/automation_rules']!['get']!.operationId).toBe('listWorkflowAutomationRules');
    expect(paths['/v1/project_tasks/{id}/automation_rules']!['get']).toBeDefined();
  });
});
