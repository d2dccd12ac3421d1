import { API_URL, startApiHarness, type ApiHarness } from './support/api-harness.js';

/** Links are built from the configured public base URL, never from `Host` or `X-Forwarded-*`. */
describe('Link headers of collections', () => {
  let h: ApiHarness;
  let requestId: number;
  beforeAll(async () => {
    h = await startApiHarness();
    for (let i = 0; i < 3; i++) requestId = (await h.post('/v1/events').query({ subject: `Linked ${i}`, note: 'n' }).expect(201)).body.id;
  });
  afterAll(() => h.drop());

  const linkUrls = (header: string | undefined) => [...(header ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]!);

  it.each([
    ['Host', 'evil.example'],
    ['X-Forwarded-Host', 'evil.example'],
    ['X-Forwarded-Proto', 'gopher'],
    ['Forwarded', 'host=evil.example;proto=https'],
  ])('ignores %s: %s', async (header, value) => {
    const res = await h.get('/v1/requests?per_page=1').set(header, value).expect(200);
    const urls = linkUrls(res.headers['link']);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(`${API_URL}/requests?`)).toBe(true);
  });

  it.each(['a b', 'x:99999', '[::1', '%zz'])('answers 200 with configured links for the malformed Host %s', async (host) => {
    const res = await h.get('/v1/requests?per_page=1&page=2').set('Host', host).expect(200);
    expect(linkUrls(res.headers['link'])).toContain(`${API_URL}/requests?per_page=1&page=1`);
  });

  it('links the notes of a request under the configured base', async () => {
    const res = await h.get(`/v1/requests/${requestId}/notes`).set('Host', 'evil.example').expect(200);
    for (const url of linkUrls(res.headers['link'])) expect(url.startsWith(`${API_URL}/requests/${requestId}/notes?`)).toBe(true);
  });
});
