import request from 'supertest';
import { insertNeededRecord } from '@tessera/persistence/testing';
import { queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/broadcasts` (issue 31, docs/decisions/043): what the record contract (record-contract.spec.ts)
 * does not cover — the collection lists the broadcasts shown now, read on the database clock, and
 * its predefined filters the others; a broadcast never ends before it starts; each change fires
 * its event once.
 */
describe('broadcasts, shown from their start until their end or until disabled', () => {
  let h: ApiHarness;
  const HOUR = 3_600_000;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const create = (body: object, as?: string) => h.post('/v1/broadcasts', as).send({ message: 'Mail is down', message_type: 'outage', ...body });
  const patch = (id: number, body: object) =>
    request(h.app).patch(`/v1/broadcasts/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);
  const messages = async (path: string) => ((await h.get(path).expect(200)).body as Array<{ message: string }>).map((row) => row.message).sort();
  const idOf = async (body: object) => (await create(body).expect(201)).body.id as number;

  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  it('lists those shown now, and the others under their predefined filters; each stays readable by id', async () => {
    await h.test.db('broadcasts').delete();
    const ids = {
      now: await idOf({ message: 'started now' }),
      open: await idOf({ message: 'started yesterday, no end', start_at: at(-24 * HOUR) }),
      ending: await idOf({ message: 'ends in an hour', start_at: at(-HOUR), end_at: at(HOUR) }),
      future: await idOf({ message: 'starts tomorrow', start_at: at(24 * HOUR) }),
      ended: await idOf({ message: 'ended an hour ago', start_at: at(-2 * HOUR), end_at: at(-HOUR) }),
      disabled: await idOf({ message: 'disabled', disabled: true }),
    };
    const active = ['ends in an hour', 'started now', 'started yesterday, no end'];
    const inactive = ['disabled', 'ended an hour ago', 'starts tomorrow'];
    expect(await messages('/v1/broadcasts')).toEqual(active);
    expect(await messages('/v1/broadcasts/active')).toEqual(active);
    expect(await messages('/v1/broadcasts/inactive')).toEqual(inactive);
    expect(await messages('/v1/broadcasts/all')).toEqual([...active, ...inactive].sort());
    for (const id of Object.values(ids)) expect((await h.get(`/v1/broadcasts/${id}`).expect(200)).body.id).toBe(id);

    // The collection conventions hold under a predefined filter: filters, sorting, pages that link to the same filter.
    expect(await messages('/v1/broadcasts/all?disabled=true')).toEqual(['disabled']);
    const sorted = await h.get('/v1/broadcasts/inactive?sort=-start_at&per_page=2').expect(200);
    expect(sorted.body.map((row: { id: number }) => row.id)).toEqual([ids.future, ids.disabled]);
    expect(sorted.headers['x-pagination-total-entries']).toBe('3');
    expect(sorted.headers['link']).toContain('/broadcasts/inactive?');
  });

  it('reads whether one is shown at the time of the read: disabling, ending or starting one moves it, with no job', async () => {
    await h.test.db('broadcasts').delete();
    const shown = await idOf({ message: 'shown' });
    const later = await idOf({ message: 'later', start_at: at(HOUR) });
    expect(await messages('/v1/broadcasts')).toEqual(['shown']);
    await patch(shown, { disabled: true }).expect(200);
    await patch(later, { start_at: at(-HOUR) }).expect(200);
    expect(await messages('/v1/broadcasts')).toEqual(['later']);
    await patch(later, { end_at: at(-1000) }).expect(200);
    expect(await messages('/v1/broadcasts')).toEqual([]);
    // The database clock moves on: a broadcast ending in a moment leaves the list by itself.
    const end = Date.now() + 2500;
    await patch(shown, { disabled: false, end_at: new Date(end).toISOString() }).expect(200);
    expect(await messages('/v1/broadcasts')).toEqual(['shown']);
    await new Promise((resolve) => setTimeout(resolve, end + 100 - Date.now()));
    expect(await messages('/v1/broadcasts')).toEqual([]);
    expect(await messages('/v1/broadcasts/inactive')).toEqual(['later', 'shown']);
  });

  it('starts now, is seen by all of the account and is not disabled by default; shows its audience and request', async () => {
    const before = Date.now();
    const team = (await h.test.db('teams').where({ account_id: h.demo.account }).first('id', 'name')) as { id: number; name: string };
    const req = { id: await insertNeededRecord(h.test.db, h.demo.account, 'Request') };
    const organization = (await h.post('/v1/organizations').send({ name: 'Broadcast Audience' }).expect(201)).body as { id: number };
    const created = await create({ visibility: 'members_of_teams', team_ids: [team.id], organization_ids: [organization.id], request_id: req.id }).expect(201);
    expect(created.body).toMatchObject({
      message: 'Mail is down', message_type: 'outage', end_at: null, visibility: 'members_of_teams', disabled: false,
      teams: [{ id: team.id, name: team.name }], organizations: [{ id: organization.id, name: 'Broadcast Audience' }],
      // A request shows no subject here: who may read one is the request's rule (decision 041).
      request: { id: req.id, name: null },
    });
    expect(new Date(created.body.start_at).getTime()).toBeGreaterThanOrEqual(before - 5000);
    expect((await create({}).expect(201)).body).toMatchObject({ visibility: 'all_of_account', disabled: false, teams: [], organizations: [], request: null, time_zone: null });
  });

  it('shows its times in a time zone given by its IANA name, and refuses any other', async () => {
    expect((await create({ time_zone: 'America/New_York' }).expect(201)).body.time_zone).toBe('America/New_York');
    expect((await create({ time_zone: 'Eastern' }).expect(422)).body.errors).toEqual([['time_zone', 'Time zone is not a time zone (an IANA name such as Europe/Amsterdam or UTC)']]);
  });

  it('never ends before it starts, whether the start is given, kept or the default now; a refused write changes nothing', async () => {
    const before = ['end_at', 'End at may not be before the start at'];
    expect((await create({ start_at: '2026-06-01T10:00:00Z', end_at: '2026-06-01T09:59:59Z' }).expect(422)).body.errors).toEqual([before]);
    expect((await create({ end_at: at(-HOUR) }).expect(422)).body.errors).toEqual([before]);
    const id = await idOf({ start_at: '2026-06-01T10:00:00Z', end_at: '2026-06-01T10:00:00Z', message: 'Instant' });
    expect((await patch(id, { end_at: '2026-06-01T09:00:00Z' }).expect(422)).body.errors).toEqual([before]);
    expect((await patch(id, { start_at: '2026-06-02T10:00:00Z', message: 'Renamed' }).expect(422)).body.errors).toEqual([before]);
    expect((await h.get(`/v1/broadcasts/${id}`).expect(200)).body).toMatchObject({ message: 'Instant', start_at: '2026-06-01T10:00:00.000Z', end_at: '2026-06-01T10:00:00.000Z' });
    // No end: shown until disabled.
    expect((await patch(id, { start_at: '2026-06-02T10:00:00Z', end_at: null }).expect(200)).body).toMatchObject({ end_at: null });
  });

  it('refuses a missing message or type, an unknown type or visibility, a start that is no datetime and a message over 64 KB, naming each', async () => {
    const missing = await h.post('/v1/broadcasts').send({}).expect(422);
    expect(missing.body.errors.map(([field]: [string]) => field)).toEqual(['message', 'message_type']);
    const bad = await h.post('/v1/broadcasts').send({ message: 'x'.repeat(65_537), message_type: 'email', start_at: 'tomorrow', visibility: 'everyone' }).expect(422);
    expect(bad.body.errors).toEqual([
      ['start_at', expect.stringContaining('Start at is not a valid ISO 8601 datetime')],
      ['message', 'Message is too long (maximum is 64 KB)'],
      ['message_type', 'Message type is not included in the list: outage, available, warning, info'],
      ['visibility', expect.stringContaining('Visibility is not included in the list: all_of_account, account_specialists')],
    ]);
    await create({ message: 'x'.repeat(65_536) }).expect(201);
  });

  it('fires broadcast.create, then broadcast.update per change, nothing for a change that changes nothing; agents broadcast too', async () => {
    const agent = await tokenFor(h, h.demo.agent.email, ['broadcast:*']);
    const id = (await create({ message: 'Printer fixed', message_type: 'available' }, agent).expect(201)).body.id as number;
    await patch(id, { disabled: true }).expect(200);
    await patch(id, { disabled: true }).expect(200);
    await patch(id, { end_at: null }).expect(200);
    const events = (await queuedEvents(h)).filter((job) => job.object_id === id);
    expect(events.map((job) => job.event)).toEqual(['broadcast.create', 'broadcast.update']);
  });
});
