import { decodeNodeId } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

describe('GET /v1/requests, /v1/requests/:id and /v1/requests/:id/notes', () => {
  let h: ApiHarness;
  let firstId: number;
  beforeAll(async () => {
    h = await startApiHarness();
    for (let i = 1; i <= 25; i++) {
      const res = await h.post('/v1/events').query({ subject: `Event ${String(i).padStart(2, '0')}`, source: `src${i}`, status: i % 5 === 0 ? 'in_progress' : 'assigned' }).expect(201);
      firstId ??= res.body.id;
    }
    await h.post('/v1/events').query({ subject: 'Event 01', source: 'src1', internal_note: 'only for agents' });
  });
  afterAll(() => h.drop());

  it('pages 20 at a time with X-Pagination headers and a Link header', async () => {
    const res = await h.get('/v1/requests').expect(200);
    expect(res.body).toHaveLength(20);
    expect(res.headers).toMatchObject({ 'x-pagination-per-page': '20', 'x-pagination-current-page': '1', 'x-pagination-total-pages': '2', 'x-pagination-total-entries': '25' });
    expect(res.headers['link']).toContain('rel="next"');
    expect(res.headers['link']).not.toContain('rel="prev"');
    const last = await h.get('/v1/requests?page=2').expect(200);
    expect(last.body).toHaveLength(5);
    expect(last.headers['link']).toContain('rel="prev"');
  });

  it('returns the default collection fields, and others with ?fields', async () => {
    const res = await h.get('/v1/requests?per_page=1').expect(200);
    expect(Object.keys(res.body[0]).sort()).toEqual(['category', 'created_at', 'id', 'impact', 'member', 'next_target_at', 'nodeID', 'requested_for', 'status', 'subject', 'team'].sort());
    const chosen = await h.get('/v1/requests?per_page=1&fields=subject,source').expect(200);
    expect(Object.keys(chosen.body[0]).sort()).toEqual(['id', 'nodeID', 'source', 'subject']);
  });

  it('sorts, filters, and refuses a sort field that is not allowed', async () => {
    const sorted = await h.get('/v1/requests?sort=-subject&per_page=3&fields=subject').expect(200);
    expect(sorted.body.map((r: { subject: string }) => r.subject)).toEqual(['Event 25', 'Event 24', 'Event 23']);
    const busy = await h.get('/v1/requests?status=in_progress').expect(200);
    expect(busy.body).toHaveLength(5);
    const notBusy = await h.get('/v1/requests?status!=in_progress&per_page=100').expect(200);
    expect(notBusy.body).toHaveLength(20);
    expect((await h.get('/v1/requests?sort=member').expect(400)).body).toEqual({ message: 'Sorting not allowed on fields: member' });
    expect((await h.get('/v1/requests?per_page=0').expect(400)).body).toEqual({ message: "Parameter 'per_page' cannot be less than 1" });
    expect((await h.get('/v1/requests?id=999999999999999').expect(400)).body.message).toContain("Parameter 'id' must be an integer");
  });

  it('returns one request with all fields and its node ID', async () => {
    const res = await h.get(`/v1/requests/${firstId}`).expect(200);
    expect(res.body).toMatchObject({ id: firstId, subject: 'Event 01', requested_by: { name: 'Alice Admin' } });
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['downtime_start_at', 'requester_resolution_target_at', 'feedback', 'custom_fields', 'grouped_into']));
    expect(decodeNodeId(res.body.nodeID)).toEqual({ instance: 'tessera', type: 'Request', id: firstId });
  });

  it.each(['999999', 'abc', '0', '1.5'])('returns 404 for request %s', async (id) => {
    expect((await h.get(`/v1/requests/${id}`).expect(404)).body).toEqual({ message: 'Not Found' });
  });

  it('lists the notes with their internal flag and author', async () => {
    const res = await h.get(`/v1/requests/${firstId}/notes`).expect(200);
    expect(res.body).toEqual([expect.objectContaining({ text: 'only for agents', internal: true, person: expect.objectContaining({ name: 'Alice Admin' }) })]);
    await h.get('/v1/requests/999999/notes').expect(404);
  });

  it('needs request:Read', async () => {
    const token = await tokenFor(h, 'agent@widget.example', ['person:Read']);
    await h.get('/v1/requests', token).expect(403);
  });
});
