import request from 'supertest';
import { createLogger } from '@tessera/http';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from '../src/app.js';
import { fanOutWebhookEvent, parseJobPayload } from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { deliveryRows } from '@tessera/persistence/testing';
import { API_URL, clearRequests, queuedEvents, startApiHarness, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

/**
 * SPEC.md "Request" `feedback.requested_by.satisfied_url` / `dissatisfied_url`:
 * links a requester clicks in an e-mail, without signing in. Each is signed for
 * its account, request, requested_by person and answer.
 */
describe('GET /v1/requests/:id/feedback — the requester’s satisfaction links', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  type Links = { satisfied_url: string; dissatisfied_url: string };
  const createRequest = async (subject = 'Printer jammed'): Promise<{ id: number; requested_by: { id: number }; feedback: { requested_by: Links } }> =>
    (await call(h, 'post', '/v1/requests').send({ subject }).expect(201)).body;
  /** A click in a mail client: the link as it is, no token, no account header, a browser's Accept. */
  const click = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') => {
    expect(url.startsWith(`${API_URL}/`)).toBe(true);
    return request(h.app).get(url.slice(API_URL.length - '/v1'.length)).set('Accept', accept);
  };
  const satisfactionOf = async (id: number) => (await call(h, 'get', `/v1/requests/${id}`).expect(200)).body.satisfaction;
  const feedbackAudit = (id: number) =>
    h.test.db('audit_lines').where({ record_type: 'Request', record_id: id, action: 'update' }).orderBy('id').select('person_id', 'source', 'changes');
  const updates = async (id: number) => (await queuedEvents(h, id)).filter((e) => e.event === 'request.update');
  /** The same link with one query parameter replaced. */
  const withParam = (url: string, name: string, value: string) => {
    const parsed = new URL(url);
    parsed.searchParams.set(name, value);
    return parsed.toString();
  };

  it('records satisfied from the link in the request’s own representation and answers a thank-you page that runs nothing', async () => {
    const created = await createRequest();
    const link = created.feedback.requested_by.satisfied_url;
    expect(link).toMatch(new RegExp(`^${API_URL}/requests/${created.id}/feedback\\?account=wdc&answer=satisfied&sig=[A-Za-z0-9_-]{43}$`));

    const res = await click(link).expect(200);

    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(res.text).toContain('Thank you for your feedback');
    expect(res.text).not.toMatch(/<script/i);
    expect(await satisfactionOf(created.id)).toBe('satisfied');
    expect(await feedbackAudit(created.id)).toEqual([{ person_id: created.requested_by.id, source: 'Feedback', changes: { satisfaction: [null, 'satisfied'] } }]);
    expect(await updates(created.id)).toEqual([
      expect.objectContaining({ person_id: created.requested_by.id, person_name: 'Alice Admin', payload: expect.objectContaining({ source: 'Feedback' }) }),
    ]);
  });

  it('changes the answer with the other link; the same answer again changes nothing and queues no second event', async () => {
    const created = await createRequest();
    const { satisfied_url, dissatisfied_url } = created.feedback.requested_by;

    await click(satisfied_url).expect(200);
    await click(dissatisfied_url).expect(200);
    expect(await satisfactionOf(created.id)).toBe('dissatisfied');
    await click(dissatisfied_url).expect(200);

    expect(await satisfactionOf(created.id)).toBe('dissatisfied');
    expect((await feedbackAudit(created.id)).map((line) => line.changes)).toEqual([
      { satisfaction: [null, 'satisfied'] },
      { satisfaction: ['satisfied', 'dissatisfied'] },
    ]);
    expect(await updates(created.id)).toHaveLength(2);
  });

  it('escapes the request’s subject on the page', async () => {
    const created = await createRequest('<img src=x onerror=alert(1)> & "quotes"');
    const res = await click(created.feedback.requested_by.satisfied_url).expect(200);
    expect(res.text).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(res.text).not.toContain('<img');
  });

  it('answers JSON to a client that asks for it', async () => {
    const created = await createRequest();
    const res = await click(created.feedback.requested_by.dissatisfied_url, 'application/json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ message: 'Thank you for your feedback', request_id: created.id, satisfaction: 'dissatisfied' });
  });

  it('does not record anything for a HEAD request (link checkers of mail systems send them)', async () => {
    const created = await createRequest();
    await request(h.app).head(created.feedback.requested_by.satisfied_url.slice(API_URL.length - 3)).expect(200);
    expect(await satisfactionOf(created.id)).toBeNull();
    expect(await updates(created.id)).toEqual([]);
  });

  it('queues request.update for a webhook subscribed to it: the event fans out into a delivery', async () => {
    await call(h, 'post', '/v1/webhooks').send({ event: 'request.update', uri: 'https://hooks.example/feedback' }).expect(200);
    const created = await createRequest();
    await click(created.feedback.requested_by.satisfied_url).expect(200);

    const [job] = (await listQueuedJobs(h.test.db, 'webhook-event')).filter((j) => j.payload['event'] === 'request.update');
    const parsed = parseJobPayload('webhook-event', job!.payload);
    if (!parsed.ok) throw new Error('the queued request.update is not a webhook-event job');
    // What the worker's webhook-event task does with it.
    const fanned = await fanOutWebhookEvent(parsed.payload, { jobId: 'feedback-job', eventAt: new Date(), apiUrl: API_URL }, createUnitOfWork(h.test.db));

    expect(fanned).toEqual({ deliveries: 1, paused: 0 });
    const [delivery] = await deliveryRows(h.test.db).select('message', 'status');
    expect(delivery.status).toBe('pending');
    expect(delivery.message).toMatchObject({ event: 'request.update', object_id: created.id, person_id: created.requested_by.id, payload: { source: 'Feedback' } });
  });

  describe('links it did not sign answer the bland 404 and record nothing', () => {
    async function expectNotFound(url: string, id: number) {
      const html = await click(url).expect(404);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['cache-control']).toBe('no-store');
      expect(html.text).toContain('Not Found');
      expect((await click(url, 'application/json').expect(404)).body).toEqual({ message: 'Not Found' });
      const row = await h.test.db('requests').where({ id }).first('satisfaction');
      expect(row?.satisfaction ?? null).toBeNull();
    }

    it('a tampered signature, answer or account', async () => {
      const created = await createRequest();
      const link = created.feedback.requested_by.satisfied_url;
      const sig = new URL(link).searchParams.get('sig')!;
      const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
      await expectNotFound(withParam(link, 'sig', flipped), created.id);
      await expectNotFound(withParam(link, 'sig', sig.slice(0, 42)), created.id);
      await expectNotFound(withParam(link, 'answer', 'dissatisfied'), created.id);
      await expectNotFound(withParam(link, 'account', 'widget'), created.id);
    });

    it('the signature of another request, and of a request of another account', async () => {
      const mine = await createRequest();
      const other = await createRequest();
      const otherSig = new URL(other.feedback.requested_by.satisfied_url).searchParams.get('sig')!;
      await expectNotFound(withParam(mine.feedback.requested_by.satisfied_url, 'sig', otherSig), mine.id);

      // The same request copied into the directory account `widget`: a link of wdc does not open it.
      const row = await h.test.db('requests').where({ id: other.id }).first();
      const { id: _id, ...copy } = row;
      const [{ id: foreign }] = await h.test.db('requests').insert({ ...copy, account_id: 'widget', team_id: null, member_id: null }).returning('id');
      const foreignUrl = withParam(mine.feedback.requested_by.satisfied_url.replace(`/requests/${mine.id}/`, `/requests/${foreign}/`), 'account', 'widget');
      await expectNotFound(foreignUrl, foreign);
      await expectNotFound(withParam(foreignUrl, 'sig', otherSig), foreign);
    });

    it('a link whose request changed requested_by since, and a deleted request', async () => {
      const created = await createRequest();
      const dana = await h.id('people', { primary_email: 'dana@widget.example' });
      await h.test.db('requests').where({ id: created.id }).update({ requested_by_id: dana });
      await expectNotFound(created.feedback.requested_by.satisfied_url, created.id);

      const gone = await createRequest();
      await h.test.db('audit_lines').where({ record_id: gone.id }).delete();
      await h.test.db('requests').where({ id: gone.id }).delete();
      await expectNotFound(gone.feedback.requested_by.dissatisfied_url, gone.id);
    });
  });

  it('answers a 4xx, never a 5xx, to garbage query strings and paths', async () => {
    const created = await createRequest();
    const base = `/v1/requests/${created.id}/feedback`;
    const sig = new URL(created.feedback.requested_by.satisfied_url).searchParams.get('sig')!;
    const garbage = [
      '', '?answer=satisfied', `?account=wdc&answer=satisfied`, `?account=wdc&answer=yes&sig=${sig}`, `?account[]=wdc&answer=satisfied&sig=${sig}`,
      `?account=wdc&answer=satisfied&answer=dissatisfied&sig=${sig}`, `?account=wdc&answer[x]=1&sig[]=${sig}`, `?account=${'w'.repeat(5000)}&answer=satisfied&sig=${sig}`,
      `?account=%00&answer=satisfied&sig=%ff%fe`, `?account=wdc&answer=satisfied&sig=${sig}%00`, '?%E0%A4%A=1', `?account=wdc'--&answer=satisfied&sig=${sig}`,
      `?satisfied=true`, `?account=wdc&answer=__proto__&sig=${sig}`, `?constructor=1&__proto__[x]=1`,
    ];
    const paths = [`/v1/requests/abc/feedback?account=wdc&answer=satisfied&sig=${sig}`, `/v1/requests/99999999999/feedback?account=wdc&answer=satisfied&sig=${sig}`, '/v1/requests/0/feedback'];
    for (const path of [...garbage.map((query) => `${base}${query}`), ...paths]) {
      const res = await request(h.app).get(path).set('Accept', 'application/json');
      expect({ path, status: res.status }).toEqual({ path, status: expect.any(Number) });
      expect({ path, clientError: res.status >= 400 && res.status < 500 }).toEqual({ path, clientError: true });
    }
    expect(await satisfactionOf(created.id)).toBeNull();
  });

  it('counts clicks against the rate windows of the caller’s address: 429 once they are spent', async () => {
    const created = await createRequest();
    const rateLimiter = createRequestRateLimiter(openRateLimitStore({ kind: 'memory' }), { name: 'rest', windows: [{ points: 2, durationSeconds: 3600 }] });
    const limited = createApiApp({ db: h.test.db, logger: createLogger({ name: 'api', level: 'silent' }), rateLimiter, apiUrl: API_URL });
    const path = created.feedback.requested_by.satisfied_url.slice(API_URL.length - 3);

    for (let i = 0; i < 2; i++) expect((await request(limited).get(path).expect(200)).headers['x-ratelimit-limit']).toBe('2');
    const refused = await request(limited).get(path).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body).toMatchObject({ message: 'Too Many Requests' });
  });

  it('is in the OpenAPI document: public, with its query parameters, 404 and 429', async () => {
    const document = (await request(h.app).get('/v1/openapi.json').expect(200)).body;
    const operation = document.paths['/v1/requests/{id}/feedback'].get;
    expect(operation.security).toEqual([]);
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['id', 'account', 'answer', 'sig']);
    expect(Object.keys(operation.responses)).toEqual(['200', '404', '429', '500']);
  });
});
