/**
 * Automation rules on the real job queue (docs/decisions/053): a change queues `automation-run`
 * through the outbox; the worker runs the matching rules as their owner, their actions in one
 * transaction through the ordinary use cases, `call webhook` delivering an `automation_rule`
 * message, signed and sent like any other, to that webhook only.
 */
import { AUTOMATION_RULE, JOBS, PROBLEM, RISK, RULE_LIMITS, createRecord, createRequest, encodeNodeId, updateRecord, updateRequest, type AccessContext } from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { insertNeededRecord, type TestDatabase } from '@tessera/persistence/testing';
import { deliverySuite } from './support/delivery-suite.js';
import type { HttpSink } from './support/http-sink.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook } from './support/webhook-fixtures.js';

const LOOPBACK = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', API_PUBLIC_URL: 'https://tessera.example' };

describe('automation rules run by the worker', () => {
  const suite = deliverySuite({ respond: { status: 204 } });
  let test: TestDatabase;
  let sink: HttpSink;
  let access: AccessContext;
  let ops: number;
  let mia: number;
  let n = 0;
  beforeAll(async () => {
    ({ test, sink, access } = suite);
    [{ id: ops }] = await test.db('teams').insert({ account_id: access.account.id, name: 'Ops' }).returning('id');
    [{ id: mia }] = await test.db('people').insert({ account_id: access.account.id, name: 'Mia Member', primary_email: 'mia@rules.example' }).returning('id');
    await test.db('person_roles').insert({ account_id: access.account.id, person_id: mia, role: 'agent' });
    await test.db('team_memberships').insert([access.person.id, mia].map((person) => ({ account_id: access.account.id, team_id: ops, person_id: person })));
  });
  afterEach(async () => {
    await test.db('automation_rules').delete();
  });

  const uow = () => createUnitOfWork(test.db);
  const rule = (input: Record<string, unknown>) => {
    n += 1;
    return createRecord(AUTOMATION_RULE, access, { name: `Rule ${n}`, generic: 'request', ...input }, uow());
  };
  const request = (input: Record<string, unknown> = {}) =>
    createRequest(access, { subject: `Printer ${++n}`, category: 'incident', team_id: ops, member_id: access.person.id, ...input } as never, uow());
  const change = (id: number, input: Record<string, unknown>) => updateRequest(access, id, input as never, uow());
  const runs = (ruleId: number) => test.db('automation_rule_runs').where({ rule_id: ruleId }).orderBy('id').select('*');
  const ruleRow = (id: number) => test.db('automation_rules').where({ id }).first('last_error', 'last_error_at');
  const queueEmpty = () => waitFor('the rules to finish', async () => (await listQueuedJobs(test.db, JOBS.automationRun)).length === 0 && (await listQueuedJobs(test.db, JOBS.webhookEvent)).length === 0);
  const notes = (id: number) => test.db('notes').where({ request_id: id }).orderBy('id').pluck('text');

  it("on a status update to waiting_for_customer in team Ops: clears the member, adds a note, and calls webhook 'notify' with its payload, once per matching change", async () => {
    const hook = await sinkWebhook(test, sink, { name: 'notify', event: 'automation_rule' });
    const other = await sinkWebhook(test, sink, { name: 'other', event: 'automation_rule' });
    const created = await rule({
      trigger: 'on status update',
      expressions: 'waiting: record.status == "waiting_for_customer"',
      condition: "waiting && record.team.name == 'Ops'",
      actions: [
        'unassign: update request set member = nil',
        "tell: update request add note 'Waiting for the customer: unassigned'",
        "notify: call webhook 'notify' with payload {'subject': record.subject, 'status': record.status}",
      ].join('\n'),
    });
    const { id } = await request({ member_id: mia });
    await change(id, { status: 'waiting_for_customer' });
    await suite.worker.start(LOOPBACK);

    const received = await waitFor('the automation_rule message', async () => sink.requests.find((r) => r.path === `/hook/${hook}`));
    const message = JSON.parse(received.body);
    expect(message).toMatchObject({
      event: 'automation_rule', webhook_id: hook, object_id: id, object_nodeID: encodeNodeId('Request', id),
      person_id: access.person.id, person_name: access.person.name,
    });
    expect(message.payload).toEqual({ subject: expect.stringMatching(/^Printer/), status: 'waiting_for_customer' });
    await queueEmpty();
    // Mia is no longer its member. A waiting_for_customer request needs one (SPEC.md request statuses): the person
    // the change is made by, the rule's owner, becomes it, as for any other change clearing the member.
    const stored = await test.db('requests').where({ id }).first('member_id', 'status');
    expect(stored).toEqual({ member_id: access.person.id, status: 'waiting_for_customer' });
    expect(await notes(id)).toEqual(['Waiting for the customer: unassigned']);
    expect((await runs(created.id)).map((run) => [run.matched, run.actions, run.error, run.depth])).toEqual([[true, ['unassign', 'tell', 'notify'], null, 0]]);
    // The rule's own change (member cleared, note) is a status update of nothing: it runs again, and does not match.
    // A change that does not match (back to assigned) sends nothing more.
    await change(id, { status: 'in_progress', member_id: access.person.id });
    await queueEmpty();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.requests.filter((r) => r.path === `/hook/${hook}`)).toHaveLength(1);
    expect(sink.requests.filter((r) => r.path === `/hook/${other}`)).toHaveLength(0);
    expect((await runs(created.id)).map((run) => run.matched)).toEqual([true, false]);
    expect(await ruleRow(created.id)).toEqual({ last_error: null, last_error_at: null });
  });

  it('reads who made the change as `person` and the values before it as `previous`', async () => {
    await rule({
      trigger: 'on impact update', condition: "previous.impact != record.impact",
      actions: "say: update request add note person.name + ' moved the impact from ' + previous.impact + ' to ' + record.impact",
    });
    const { id } = await request({ impact: 'high' });
    await change(id, { impact: 'low' });
    await suite.worker.start(LOOPBACK);
    await waitFor('the note', async () => (await notes(id)).length > 0);
    await queueEmpty();

    expect(await notes(id)).toEqual([`${access.person.name} moved the impact from high to low`]);
  });

  it("runs the rule `after <delay> trigger` names on the record once the delay has passed, one level deeper, whatever its trigger", async () => {
    // Made before the rules: its create queues no run.
    const { id } = await request();
    const later = await rule({ name: 'Later', trigger: 'on create', condition: 'true', actions: "note: update request add note 'a second later'" });
    await rule({ trigger: 'on impact update', condition: 'true', actions: "wait: after 1s trigger 'Later'" });
    await change(id, { impact: 'low' });
    const changedAt = Date.now();
    await suite.worker.start(LOOPBACK);
    await waitFor('the note', async () => (await notes(id)).length > 0);

    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(1000);
    expect(await notes(id)).toEqual(['a second later']);
    expect((await runs(later.id)).filter((run) => run.record_id === id).map((run) => [run.matched, run.depth])).toContainEqual([true, 1]);
  });

  it("copies a template's rules onto each request created from it: an `on create` copy runs for the creation as the template rule's writer, its `after` names its fellow copy", async () => {
    const [{ id: template }] = await test.db('templates').insert({ account_id: access.account.id, subject: 'With rules' }).returning('id');
    const owned = { generic: null, owner_type: 'request_template', owner_id: template, condition: 'true' };
    // Written by the administrator; the requests are created by Mia, an agent, who may not write rules.
    await rule({ ...owned, name: 'Follow up', trigger: 'on status update', actions: "note: update request add note 'Followed up'" });
    await rule({ ...owned, name: 'Greet', trigger: 'on create', actions: "greet: update request add note 'From the template'\nlater: after 1s trigger 'Follow up'" });
    const mias: AccessContext = { ...access, person: { ...access.person, id: mia, name: 'Mia Member' }, roles: ['agent'] };
    const first = await createRequest(mias, { subject: 'From a template', category: 'incident', team_id: ops, template_id: template } as never, uow());
    const second = await createRequest(mias, { subject: 'From it again', category: 'incident', team_id: ops, template_id: template } as never, uow());
    await suite.worker.start(LOOPBACK);
    for (const { id } of [first, second]) await waitFor('the notes of both copies', async () => (await notes(id)).length === 2);
    await queueEmpty();

    for (const { id } of [first, second]) {
      expect(await test.db('notes').where({ request_id: id }).orderBy('id').select('text', 'person_id')).toEqual([
        { text: 'From the template', person_id: access.person.id },
        { text: 'Followed up', person_id: access.person.id },
      ]);
    }
    // The template's own rules never ran; each request's copies ran for it alone.
    const templateRules = await test.db('automation_rules').where({ owner_type: 'request_template' }).pluck('id');
    expect(await test.db('automation_rule_runs').whereIn('rule_id', templateRules)).toEqual([]);
    const copies = await test.db('automation_rules').where({ owner_type: 'request' }).orderBy('id').select('id', 'name', 'owner_id');
    expect(copies.map((copy) => [copy.name, copy.owner_id])).toEqual([['Follow up', first.id], ['Greet', first.id], ['Follow up', second.id], ['Greet', second.id]]);
    const ran = await test.db('automation_rule_runs').whereIn('rule_id', copies.map((copy) => copy.id)).where({ matched: true }).select('rule_id', 'record_id');
    expect(ran).toHaveLength(4);
    for (const run of ran) expect(copies.find((copy) => copy.id === run.rule_id)!.owner_id).toBe(run.record_id);
  });

  it('adds to, removes from and clears a list of a record of the engine (a risk\'s organizations)', async () => {
    const [kept, dropped, added] = await Promise.all([1, 2, 3].map(() => insertNeededRecord(test.db, access.account.id, 'Organization')));
    const risk = await createRecord(RISK, access, { subject: 'Vendor may fold', organization_ids: [kept!, dropped!] }, uow());
    await rule({
      generic: 'risk', trigger: 'on severity update', condition: "record.severity == 'high'",
      actions: `add: update risk add ${added} to organizations\ndrop: update risk remove ${dropped} from organizations`,
    });
    await rule({ generic: 'risk', trigger: 'on severity update', condition: "record.severity == 'low'", actions: 'none: update risk clear organizations' });
    const organizations = async () => (await test.db('risk_organizations').where({ risk_id: risk.id }).orderBy('position').pluck('organization_id')) as number[];
    await updateRecord(RISK, access, risk.id, { severity: 'high' }, uow());
    await suite.worker.start(LOOPBACK);
    await waitFor('the lists changed', async () => (await organizations()).includes(added!));
    await queueEmpty();
    expect(await organizations()).toEqual([kept, added]);

    await updateRecord(RISK, access, risk.id, { severity: 'low' }, uow());
    await waitFor('the list cleared', async () => (await organizations()).length === 0);
  });

  it('stops a rule that updates the record it runs on at the depth limit: the changes made stay, last_error says why', async () => {
    const created = await rule({ trigger: 'on update', condition: 'true', actions: "again: update request set subject = record.subject + '!'" });
    const { id } = await request({ subject: 'Loop' });
    await change(id, { impact: 'low' });
    await suite.worker.start(LOOPBACK);
    await waitFor('the depth limit', async () => (await ruleRow(created.id))?.last_error);
    await queueEmpty();

    expect((await ruleRow(created.id)).last_error).toBe('stopped at depth 5: rules\' changes triggered rules 5 times in a chain');
    // Depths 0 to 5 each changed the subject; the run at depth 6 stopped.
    expect((await test.db('requests').where({ id }).first('subject')).subject).toBe('Loop!!!!!!');
    expect((await runs(created.id)).map((run) => [run.depth, run.matched, run.error !== null])).toEqual([
      [0, true, false], [1, true, false], [2, true, false], [3, true, false], [4, true, false], [5, true, false], [6, false, true],
    ]);
  });

  it('fails a rule alone: a refused write rolls its actions back and sets last_error; the change that triggered it and the next rule stay', async () => {
    const failing = await rule({
      trigger: 'on update', condition: 'true', position: 1,
      actions: ["noted: update request add note 'rolled back'", "bad: update request set status = 'no_such_status'"].join('\n'),
    });
    const next = await rule({ trigger: 'on update', condition: 'true', position: 2, actions: "noted: update request add note 'kept'" });
    const { id } = await request();
    await change(id, { impact: 'high' });
    await suite.worker.start(LOOPBACK);
    await waitFor('the failure', async () => (await ruleRow(failing.id))?.last_error);
    await queueEmpty();

    expect((await runs(failing.id))[0]).toMatchObject({ depth: 0, matched: false, actions: [], error: expect.stringMatching(/^actions\[1\]: Validation Failed: status: /) });
    expect((await ruleRow(failing.id)).last_error).not.toBeNull();
    expect((await test.db('requests').where({ id }).first('impact')).impact).toBe('high');
    // The second rule's note is a change too, which runs both rules again: the first fails again, the second adds another note.
    expect((await notes(id)).filter((text) => text === 'rolled back')).toEqual([]);
    expect((await notes(id)).length).toBeGreaterThan(0);
    expect((await runs(next.id))[0]).toMatchObject({ matched: true, error: null });
  });

  it('runs as the person who last wrote the rule, with no more rights: a rule a specialist wrote may not change a problem they are not responsible for', async () => {
    const [{ id: sam }] = await test.db('people').insert({ account_id: access.account.id, name: 'Sam Specialist', primary_email: 'sam@rules.example' }).returning('id');
    await test.db('person_roles').insert({ account_id: access.account.id, person_id: sam, role: 'specialist' });
    const created = await rule({ trigger: 'on update', condition: 'true', generic: 'problem', actions: "close: update problem set status = 'solved'" });
    // The rule last written by Sam (the audit line names who wrote it).
    await test.db('audit_lines').insert({ account_id: access.account.id, record_type: 'AutomationRule', record_id: created.id, person_id: sam, action: 'update', changes: '{}' });
    const service = (await test.db('services').where({ account_id: access.account.id }).first('id')).id as number;
    const problem = await createRecord(PROBLEM, access, { subject: 'Disk', service_id: service }, uow());
    await updateRecord(PROBLEM, access, problem.id, { impact: 'high' }, uow());
    await suite.worker.start(LOOPBACK);
    await waitFor('the refusal', async () => (await ruleRow(created.id))?.last_error);

    expect((await ruleRow(created.id)).last_error).toMatch(/^actions\[0\]: /);
    expect((await test.db('problems').where({ id: problem.id }).first('status')).status).not.toBe('solved');
  });

  it("stops a rule that would act past the account's budget of acting runs a minute; one that does not match still runs", async () => {
    const acting = await rule({ trigger: 'on update', condition: 'true', actions: "note: update request add note 'acted'" });
    const idle = await rule({ trigger: 'on update', condition: 'false', actions: "note: update request add note 'never'" });
    // The account's rules acted as often as the budget allows, a moment ago.
    await test.db('automation_rule_runs').insert(Array.from({ length: RULE_LIMITS.runsPerMinute }, () => ({
      account_id: access.account.id, rule_id: idle.id, record_type: 'request', record_id: 1, matched: true, depth: 0,
    })));
    const { id } = await request();
    await change(id, { impact: 'low' });
    await suite.worker.start(LOOPBACK);
    await waitFor('the budget', async () => (await ruleRow(acting.id))?.last_error);
    await queueEmpty();

    expect((await ruleRow(acting.id)).last_error).toBe("stopped: the account's rules acted 1000 times in the last minute");
    expect(await notes(id)).toEqual([]);
    expect((await test.db('requests').where({ id }).first('impact')).impact).toBe('low');
    expect((await runs(idle.id)).filter((run) => run.record_id === id)).toEqual([expect.objectContaining({ matched: false, error: null })]);
  });

  it('stops a hostile rule by the evaluation bounds: a string doubled past its limit fails the run with why, nothing applied', async () => {
    const doubling = Array.from({ length: 14 }, (_, i) => `s${i + 1}: ${i === 0 ? 'record.subject + record.subject' : `s${i} + s${i}`}`).join('\n');
    const created = await rule({ trigger: 'on update', expressions: doubling, condition: 's14.size() > 0', actions: "note: update request add note 'never'" });
    const { id } = await request({ subject: 'A subject of some length' });
    await change(id, { impact: 'low' });
    await suite.worker.start(LOOPBACK);
    await waitFor('the bound', async () => (await ruleRow(created.id))?.last_error);

    expect((await ruleRow(created.id)).last_error).toMatch(/^expressions\[\d+\]: .*the expression built a string of \d+ characters; at most 65536 are allowed/);
    expect(await notes(id)).toEqual([]);
  });

  it("fails a call to a webhook not registered for automation_rule", async () => {
    await sinkWebhook(test, sink, { name: 'changes', event: 'request.update' });
    const created = await rule({ trigger: 'on update', condition: 'true', actions: "tell: call webhook 'changes' with payload {'a': 1}" });
    const { id } = await request();
    await change(id, { impact: 'low' });
    await suite.worker.start(LOOPBACK);
    await waitFor('the refusal', async () => (await ruleRow(created.id))?.last_error);
    expect((await ruleRow(created.id)).last_error).toBe("actions[0]: webhook 'changes' is registered for request.update, not automation_rule");
  });
});
