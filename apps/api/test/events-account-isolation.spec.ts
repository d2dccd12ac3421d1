import { clearRequests, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * Every reference written on a request is valid in the account the request is
 * registered in, whichever default or cascade produced it; a default that
 * would cross accounts is skipped to the next rule.
 */
describe('POST /v1/events — references stay in the account of the request', () => {
  let h: ApiHarness;
  let ellenId: number;
  let widgetTeam: number;
  let wdcServiceDesk: number;
  let sd2ServiceDesk: number;
  let foreignTeam: number;
  let foreignPerson: number;
  let foreignSi: number;

  beforeAll(async () => {
    h = await startApiHarness();
    const db = h.test.db;
    ellenId = await h.id('people', { primary_email: 'ellen@widget.example' });
    wdcServiceDesk = await h.id('teams', { account_id: 'wdc', name: 'Service Desk' });
    // A team of the directory account with Ellen in it.
    [{ id: widgetTeam }] = await db('teams').insert({ account_id: 'widget', name: 'Widget Helpdesk' }).returning('id');
    await db('team_memberships').insert({ account_id: 'widget', team_id: widgetTeam, person_id: ellenId });
    // A second support domain of the directory account, with its own service desk.
    await db('accounts').insert({ id: 'sd2', name: 'Second Support Domain', directory_account_id: 'widget' });
    [{ id: sd2ServiceDesk }] = await db('teams').insert({ account_id: 'sd2', name: 'SD2 Desk' }).returning('id');
    // An unrelated account whose records are referenced by defaults of wdc records.
    await db('accounts').insert({ id: 'other', name: 'Other Corp' });
    [{ id: foreignTeam }] = await db('teams').insert({ account_id: 'other', name: 'Foreign Team' }).returning('id');
    [{ id: foreignPerson }] = await db('people').insert({ account_id: 'other', name: 'Olga Other', primary_email: 'olga@other.example' }).returning('id');
    const [{ id: foreignService }] = await db('services').insert({ account_id: 'other', name: 'Foreign' }).returning('id');
    [{ id: foreignSi }] = await db('service_instances')
      .insert({ account_id: 'other', service_id: foreignService, name: 'Foreign Production', first_line_team_id: foreignTeam })
      .returning('id');
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const event = (params: Record<string, string>, as?: string) => h.post('/v1/events', as).query(params);

  /** The account of every team, service instance and CI a stored request refers to. */
  async function accountsReferencedBy(requestId: number) {
    const row = await h.test.db('requests as r')
      .leftJoin('teams as t', 't.id', 'r.team_id')
      .leftJoin('service_instances as si', 'si.id', 'r.service_instance_id')
      .leftJoin('people as m', 'm.id', 'r.member_id')
      .where('r.id', requestId)
      .first('r.account_id', 't.account_id as team_account', 'si.account_id as si_account', 'm.account_id as member_account');
    return row;
  }

  it('skips the team of a directory-account member that belongs to the directory account, to the next default', async () => {
    const res = await event({ subject: 'Ellen assigned', member_id: String(ellenId) }).expect(201);
    expect(res.body.member).toMatchObject({ id: ellenId });
    expect(res.body.team).toMatchObject({ id: wdcServiceDesk, name: 'Service Desk' });
    expect(await accountsReferencedBy(res.body.id)).toMatchObject({ account_id: 'wdc', team_account: 'wdc' });
  });

  it("does not give a request registered in a support domain the service desk of another support domain's agreement", async () => {
    const ellen = await tokenFor(h, 'ellen@widget.example', ['request:*']);
    const res = await event({ subject: 'Registered in sd2', support_domain: 'sd2' }, ellen).expect(201);
    expect((await h.test.db('requests').where({ id: res.body.id }).first('account_id')).account_id).toBe('sd2');
    // wdc's agreement covers widget, but its Service Desk is a wdc team: not valid in sd2.
    expect(res.body.team).toBeNull();
  });

  it("uses the service desk of the registering account's own first line support agreement", async () => {
    await h.test.db('first_line_support_agreements').insert({ account_id: 'sd2', customer_account_id: 'widget', name: 'SD2 for widget', service_desk_team_id: sd2ServiceDesk });
    try {
      const ellen = await tokenFor(h, 'ellen@widget.example', ['request:*']);
      const res = await event({ subject: 'Registered in sd2', support_domain: 'sd2' }, ellen).expect(201);
      expect(res.body.team).toMatchObject({ id: sd2ServiceDesk, name: 'SD2 Desk' });
    } finally {
      await h.test.db('first_line_support_agreements').where({ account_id: 'sd2' }).delete();
    }
  });

  it('skips a first line team of another account on a service instance, to the next default', async () => {
    const si = await h.id('service_instances', { name: 'E-mail Production' });
    await h.test.db('service_instances').where({ id: si }).update({ first_line_team_id: foreignTeam, support_team_id: foreignTeam });
    try {
      const res = await event({ subject: 'Mail down', service_instance_id: String(si) }).expect(201);
      expect(res.body.team).toMatchObject({ id: wdcServiceDesk });
    } finally {
      await h.test.db('service_instances').where({ id: si }).update({ first_line_team_id: null, support_team_id: wdcServiceDesk });
    }
  });

  it("does not relate a CI's service instance of another account", async () => {
    const ci = await h.id('configuration_items', { label: 'srv-orphan-01' });
    await h.test.db('ci_service_instances').insert({ account_id: 'wdc', ci_id: ci, service_instance_id: foreignSi, position: 1 });
    try {
      const res = await event({ subject: 'Orphan alarm', ci_id: String(ci) }).expect(201);
      expect(res.body.service_instance).toBeNull();
      expect(res.body.team).toMatchObject({ id: wdcServiceDesk });
    } finally {
      await h.test.db('ci_service_instances').where({ ci_id: ci }).delete();
    }
  });

  it("ignores a template's team, member and service instance of another account", async () => {
    const [{ id: template }] = await h.test.db('templates')
      .insert({ account_id: 'wdc', subject: 'Crossing template', team_id: foreignTeam, member_id: foreignPerson, service_instance_id: foreignSi })
      .returning('id');
    const res = await event({ subject: 'From a bad template', template_id: String(template) }).expect(201);
    expect(res.body).toMatchObject({ team: { id: wdcServiceDesk }, member: null, service_instance: null });
  });

  it('refuses a member of an unrelated account, naming the parameter', async () => {
    const res = await event({ subject: 'x', member_id: String(foreignPerson) }).expect(422);
    expect(res.body.errors).toEqual([['member_id', expect.any(String)]]);
  });

  describe('support_domain names only a support domain of the caller', () => {
    it('refuses the directory account itself with a 422 naming support_domain, and stores nothing', async () => {
      const ellen = await tokenFor(h, 'ellen@widget.example', ['request:*']);
      const res = await event({ subject: 'In the directory', support_domain: 'widget' }, ellen).expect(422);
      expect(res.body.errors).toEqual([['support_domain', expect.any(String)]]);
      expect(await h.test.db('requests').count({ n: '*' }).first()).toEqual({ n: 0 });
    });

    it('refuses an account that is not a support domain of the caller', async () => {
      const res = await event({ subject: 'Elsewhere', support_domain: 'other' }).expect(422);
      expect(res.body.errors).toEqual([['support_domain', expect.any(String)]]);
    });

    it('refuses a sibling support domain a support-domain person cannot act in', async () => {
      const res = await event({ subject: 'Sibling', support_domain: 'sd2' }).expect(422);
      expect(res.body.errors).toEqual([['support_domain', expect.any(String)]]);
    });
  });
});
