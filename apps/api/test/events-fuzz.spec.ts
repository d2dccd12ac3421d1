import request from 'supertest';
import { listen, type Listening } from '@tessera/http';
import { clearRequests, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { seededRandom, type SeededRandom } from './support/seeded-random.js';

/**
 * Generated events (a seeded generator, so a failure replays) from callers of
 * every kind, mixing valid values, records of other accounts, aliases and
 * duplicates, edge datetimes and garbage, sent as query, JSON, form, or split
 * between query and body. Whatever arrives: never a 5xx; a refusal is a
 * documented 4xx naming known parameters; a request that is stored refers only
 * to records valid in its account and is one the caller may read.
 */
const ITERATIONS = 300;
/** Parameters a 422 may name without the call giving them: the canonical name of an alias, required ones, cross-field rules. */
const ALWAYS_NAMEABLE = ['source_id', 'subject', 'support_domain', 'completion_reason', 'downtime_end_at'];


describe('POST /v1/events — generated input', () => {
  let h: ApiHarness;
  // The app behind the real listener, so that what Node refuses before Express (an over-long URL) is answered as in production.
  let server: Listening;
  const ids: Record<string, number> = {};
  const callers: Record<string, { token: string; personId: number; endUser: boolean }> = {};

  beforeAll(async () => {
    h = await startApiHarness();
    server = await listen(h.app, { port: 0, host: '127.0.0.1' });
    const db = h.test.db;
    const insertId = async (table: string, row: Record<string, unknown>): Promise<number> => (await db(table).insert(row).returning('id'))[0].id;
    await db('accounts').insert([{ id: 'other', name: 'Other Corp' }, { id: 'sd2', name: 'Second Support Domain', directory_account_id: 'widget' }]);
    const service = await insertId('services', { account_id: 'other', name: 'Foreign' });
    ids['foreignTeam'] = await insertId('teams', { account_id: 'other', name: 'Foreign Team' });
    ids['widgetTeam'] = await insertId('teams', { account_id: 'widget', name: 'Widget Helpdesk' });
    ids['foreignPerson'] = await insertId('people', { account_id: 'other', name: 'Olga', primary_email: 'olga@other.example' });
    ids['foreignSi'] = await insertId('service_instances', { account_id: 'other', service_id: service, name: 'Foreign Production', first_line_team_id: ids['foreignTeam'] });
    ids['foreignCi'] = await insertId('configuration_items', { account_id: 'other', label: 'srv-foreign', name: 'Foreign CI', rule_set: 'hardware' });
    ids['ellen'] = await h.id('people', { primary_email: 'ellen@widget.example' });
    ids['dana'] = await h.id('people', { primary_email: 'dana@widget.example' });
    await db('team_memberships').insert({ account_id: 'widget', team_id: ids['widgetTeam'], person_id: ids['ellen'] });
    // Defaults of wdc records that point into other accounts.
    const orphan = await h.id('configuration_items', { label: 'srv-orphan-01' });
    await db('ci_service_instances').insert({ account_id: 'wdc', ci_id: orphan, service_instance_id: ids['foreignSi'], position: 1 });
    ids['badTemplate'] = await insertId('templates', {
      account_id: 'wdc', subject: 'Crossing', team_id: ids['foreignTeam'], member_id: ids['foreignPerson'], service_instance_id: ids['foreignSi'],
    });
    ids['template'] = await h.id('templates', { subject: 'Server outage' });
    ids['ci'] = await h.id('configuration_items', { label: 'srv-db-01' });
    ids['serviceDesk'] = await h.id('teams', { account_id: 'wdc', name: 'Service Desk' });

    callers['admin'] = { token: h.demo.admin.token, personId: await h.id('people', { primary_email: 'admin@widget.example' }), endUser: false };
    callers['agent'] = { token: h.demo.agent.token, personId: await h.id('people', { primary_email: 'agent@widget.example' }), endUser: false };
    callers['dana'] = { token: await tokenFor(h, 'dana@widget.example', ['request:*']), personId: ids['dana']!, endUser: true };
    callers['ellen'] = { token: await tokenFor(h, 'ellen@widget.example', ['request:*']), personId: ids['ellen']!, endUser: true };
    callers['create-only'] = { token: await tokenFor(h, 'agent@widget.example', ['request:Create', 'request:Read']), personId: 0, endUser: false };
  });
  afterAll(async () => {
    await server.close();
    await clearRequests(h);
    await h.drop();
  });

  const DATETIMES = [
    '2026-11-20T10:00:00Z', '2026-11-20', '2026-11-20T10:00', '2026-11-20T10:00:00+05:30', '1900-01-01T00:00:00Z', '9999-12-31T23:59:59Z',
    '0000-01-01', '1899-12-31T23:59:59Z', '9999-12-31T23:59:59-23:59', '2026-02-30', '2026-13-01', 'T10:00', '', 'yesterday', '2026-11-20T25:00:00Z',
    '2026-11-20T10:00:00+99:99', new Date(Date.now() - 5000).toISOString(), new Date(Date.now() + 3600_000).toISOString(),
  ];

  function params(g: SeededRandom): Record<string, unknown> {
    const id = (...names: string[]) => String(ids[g.pick(names)] ?? g.pick(['0', '-1', '99999999999', 'abc', '1.5']));
    const pool: Record<string, () => unknown> = {
      subject: () => g.pick(['Disk full', 'Printer', 'x'.repeat(191), '', ' ', 'é✓ unicode', 'nul\u0000byte']),
      note: () => g.pick(['seen', 'seen again', '', 'n'.repeat(70_000)]),
      internal_note: () => g.pick(['for agents', '']),
      source: () => g.pick(['nagios', 'zabbix', 'Event', 's'.repeat(31)]),
      source_id: () => g.pick(['AAA', 'BBB', '']),
      sourceID: () => g.pick(['AAA', 'BBB']),
      status: () => g.pick(['assigned', 'waiting_for', 'in_progress', 'completed', 'sleeping']),
      completion_reason: () => g.pick(['solved', 'bored', '']),
      category: () => g.pick(['incident', 'rfc', 'disaster']),
      impact: () => g.pick(['top', 'low', 'huge']),
      desired_completion_at: () => g.pick(DATETIMES),
      downtime_start_at: () => g.pick(DATETIMES),
      downtime_end_at: () => g.pick(DATETIMES),
      waiting_until: () => g.pick(DATETIMES),
      ci: () => g.pick(['srv-db-01', 'srv-orphan-01', 'srv-foreign', 'PostgreSQL 16', 'nope']),
      ci_id: () => id('ci', 'foreignCi'),
      member: () => g.pick(['dana@widget.example', 'ellen@widget.example', 'olga@other.example', 'DANA@WIDGET.EXAMPLE', 'nobody@x']),
      member_id: () => id('ellen', 'dana', 'foreignPerson'),
      requested_for: () => g.pick(['ellen@widget.example', 'olga@other.example', 'wes@widget.example']),
      team: () => g.pick(['Service Desk', 'Widget Helpdesk', 'Foreign Team', 'Nope']),
      team_id: () => id('serviceDesk', 'widgetTeam', 'foreignTeam'),
      service_instance_id: () => id('foreignSi'),
      template_id: () => id('template', 'badTemplate'),
      support_domain: () => g.pick(['wdc', 'sd2', 'widget', 'other', 'NOPE', '']),
    };
    const out: Record<string, unknown> = { subject: pool['subject']!() };
    for (const [name, make] of Object.entries(pool)) if (g.chance(0.18)) out[name] = make();
    // Repeated parameters, equal or not.
    if (g.chance(0.1)) out['subject'] = g.chance(0.5) ? ['Same', 'Same'] : ['One', 'Two'];
    return out;
  }

  /** Accounts of everything a stored request refers to, checked against the request's own account. */
  async function crossAccountReferences(requestId: number): Promise<string[]> {
    const { rows } = await h.test.db.raw(
      `select r.account_id as account, a.directory_account_id as directory,
              t.account_id as team, si.account_id as si, ci.account_id as ci, tp.account_id as template,
              m.account_id as member, rb.account_id as requested_by, rf.account_id as requested_for
         from requests r join accounts a on a.id = r.account_id
         left join teams t on t.id = r.team_id left join service_instances si on si.id = r.service_instance_id
         left join configuration_items ci on ci.id = r.ci_id left join templates tp on tp.id = r.template_id
         left join people m on m.id = r.member_id join people rb on rb.id = r.requested_by_id join people rf on rf.id = r.requested_for_id
        where r.id = ?`,
      [requestId],
    );
    const row = rows[0];
    const bad: string[] = [];
    for (const field of ['team', 'si', 'ci', 'template']) if (row[field] !== null && row[field] !== row.account) bad.push(field);
    for (const field of ['member', 'requested_by', 'requested_for']) {
      if (row[field] !== null && row[field] !== row.account && row[field] !== row.directory) bad.push(field);
    }
    return bad;
  }

  it(`answers ${ITERATIONS} generated events with documented statuses, never a 5xx, and stores only account-valid references`, async () => {
    const g = seededRandom(20261122);
    const seen = new Map<number, number>();
    const problems: string[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const who = g.pick(Object.keys(callers));
      const caller = callers[who]!;
      const p = params(g);
      const call = request(`http://127.0.0.1:${server.port}`).post('/v1/events').set('Authorization', `Bearer ${caller.token}`).set('X-Service-Account', 'wdc');
      const how = g.pick(['query', 'json', 'form', 'split']);
      if (how === 'query') call.query(p as Record<string, string>);
      else if (how === 'json') call.send(p);
      else if (how === 'form') call.type('form').send(p as Record<string, string>);
      else call.query({ subject: 'split' }).send(p);
      const res = await call;
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      const label = `#${i} ${who} ${how} ${JSON.stringify(p).slice(0, 300)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      // 431: a 64 KB note fits a body, not a URL.
      if (![200, 201, 403, 422, 431].includes(res.status)) problems.push(`unexpected status: ${label}`);
      if (res.status >= 400 && typeof res.body?.message !== 'string') problems.push(`no JSON message: ${label}`);
      if (res.status === 422) {
        const nameable = new Set([...Object.keys(p), ...ALWAYS_NAMEABLE]);
        for (const [field] of res.body.errors as Array<[string, string]>) if (!nameable.has(field)) problems.push(`422 names ${field}: ${label}`);
      }
      if (res.status === 200 || res.status === 201) {
        const bad = await crossAccountReferences(res.body.id);
        if (bad.length > 0) problems.push(`crosses accounts (${bad.join(', ')}): ${label}`);
        if (caller.endUser && res.body.requested_by.id !== caller.personId && res.body.requested_for.id !== caller.personId) problems.push(`end user got a request of others: ${label}`);
      }
    }
    expect(problems).toEqual([]);
    // The generator reaches every outcome, so the assertions above were exercised.
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining([200, 201, 403, 422]));
  }, 60_000);
});
