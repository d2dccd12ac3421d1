/**
 * A NUL character (U+0000) anywhere in a call's structured input: PostgreSQL
 * text cannot hold it, so it is refused before any route runs, naming where it
 * was (found by rest-properties.spec.ts: POST /v1/integrations {"name":"\u0000"}
 * answered 500).
 */
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

describe('NUL characters in REST input', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  it('answers 422 naming every body field that holds one (a record write), and stores nothing', async () => {
    const before = await h.get('/v1/integrations').expect(200);
    const res = await h.post('/v1/integrations').send({ name: 'a\u0000b', description: ['ok', '\u0000'] }).expect(422);
    expect(res.body).toEqual({ message: 'Validation Failed', errors: [['name', 'Name contains a NUL character'], ['description[1]', 'Description[1] contains a NUL character']] });
    expect((await h.get('/v1/integrations').expect(200)).body.length).toBe(before.body.length);
  });

  it('answers 400 for a collection filter, 422 for an event parameter, and 404 for a path segment that holds one', async () => {
    const query = await h.get('/v1/requests?source=%00').expect(400);
    expect(query.body).toEqual({ message: "Parameter 'source' contains a NUL character" });
    expect((await h.post('/v1/events?subject=a%00b').expect(422)).body.errors).toEqual([['subject', 'Subject contains a NUL character']]);
    await h.get('/v1/accounts/wdc%00/webhook-keys.json').expect(404);
    await h.get('/v1/attachments/abc%00').expect(404);
  });
});
