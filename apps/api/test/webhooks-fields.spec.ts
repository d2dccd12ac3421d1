import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { auditLines, call } from './support/integration-calls.js';
import { insertPolicy, storedWebhook, webhookCount } from './support/webhook-calls.js';

/** SPEC.md "Webhook": each field's rule, good and bad values, over REST. */
describe('/v1/webhooks — the rules of the webhook fields', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  const valid = { event: 'request.create', uri: 'https://hooks.example/in' };
  const create = (body: Record<string, unknown>) => call(h, 'post', '/v1/webhooks').send({ ...valid, ...body });
  const errorsOf = async (body: Record<string, unknown>) => (await create(body).expect(422)).body.errors as Array<[string, string]>;
  const fieldsOf = (errors: Array<[string, string]>) => errors.map(([field]) => field);

  describe('event', () => {
    it('accepts every kind of name of the catalogue: noun.verb, a hyphenated verb, automation_rule alone', async () => {
      for (const event of ['request.create', 'request.major-incident-status-changed', 'time_entry.delete', 'automation_rule']) {
        expect((await create({ event }).expect(200)).body.event).toBe(event);
      }
    });

    it('refuses a name outside the catalogue, a near miss, two names, and a non-string', async () => {
      for (const event of ['request.created', 'Request.Create', 'request.create,team.create', 'automation_rule.create', 'webhook.create', '']) {
        expect(fieldsOf(await errorsOf({ event }))).toEqual(['event']);
      }
      expect(await errorsOf({ event: 'nope' })).toEqual([['event', expect.stringContaining("'nope' is not a webhook event name")]]);
      expect(fieldsOf(await errorsOf({ event: ['request.create'] }))).toEqual(['event']);
    });
  });

  describe('name', () => {
    it('defaults to the event when left out, blank or null; keeps a given one', async () => {
      expect((await create({}).expect(200)).body.name).toBe('request.create');
      expect((await create({ name: '  ' }).expect(200)).body.name).toBe('request.create');
      expect((await create({ name: null }).expect(200)).body.name).toBe('request.create');
      expect((await create({ name: 'Pager' }).expect(200)).body.name).toBe('Pager');
    });

    it('accepts 255 characters and refuses 256', async () => {
      await create({ name: 'n'.repeat(255) }).expect(200);
      expect(await errorsOf({ name: 'n'.repeat(256) })).toEqual([['name', 'Name is too long (maximum is 255 characters)']]);
    });
  });

  describe('uri', () => {
    it('accepts absolute http and https URIs, with port, path, query, and up to 2048 characters', async () => {
      for (const uri of ['http://hooks.example', 'https://hooks.example:8443/a/b?c=d&e=f', `https://hooks.example/${'p'.repeat(2048 - 'https://hooks.example/'.length)}`]) {
        expect((await create({ uri }).expect(200)).body.uri).toBe(uri);
      }
    });

    it('refuses a relative URI, another scheme, credentials, spaces, more than 2048 characters and a blank one', async () => {
      const cases: Array<[string, string]> = [
        ['/hooks/in', 'Uri is not an absolute URI'],
        ['hooks.example/in', 'Uri is not an absolute URI'],
        ['ftp://hooks.example/in', 'Uri must be an http or https URI'],
        ['javascript:alert(1)', 'Uri must be an http or https URI'],
        ['https://user:secret@hooks.example/in', 'Uri must not contain a user name or password'],
        ['https://hooks.example/a b', 'Uri must not contain spaces or control characters'],
        [`https://hooks.example/${'p'.repeat(2048)}`, 'Uri is too long (maximum is 2048 characters)'],
        ['', "Uri can't be blank"],
      ];
      for (const [uri, message] of cases) expect(await errorsOf({ uri })).toEqual([['uri', message]]);
    });
  });

  describe('description, source, sourceID', () => {
    it('accepts a description of 64 KB and refuses one byte more (counted in UTF-8)', async () => {
      await create({ description: 'd'.repeat(65_536) }).expect(200);
      expect(await errorsOf({ description: 'd'.repeat(65_537) })).toEqual([['description', 'Description is too long (maximum is 64 KB)']]);
      // 21,846 three-byte characters are 65,538 bytes.
      expect(fieldsOf(await errorsOf({ description: '€'.repeat(21_846) }))).toEqual(['description']);
    });

    it('accepts source up to 30 and sourceID up to 128 characters, and refuses more', async () => {
      const res = await create({ source: 's'.repeat(30), sourceID: 'i'.repeat(128) }).expect(200);
      expect(res.body).toMatchObject({ source: 's'.repeat(30), sourceID: 'i'.repeat(128) });
      expect(await errorsOf({ source: 's'.repeat(31), sourceID: 'i'.repeat(129) })).toEqual([
        ['source', 'Source is too long (maximum is 30 characters)'],
        ['sourceID', 'SourceID is too long (maximum is 128 characters)'],
      ]);
    });
  });

  describe('mail_exceptions_to', () => {
    it('normalises a comma-separated list: spaces around addresses and empty entries go', async () => {
      const res = await create({ mail_exceptions_to: ' ops@widget.example ,, dev.team+hooks@mail.widget.example, ' }).expect(200);
      expect(res.body.mail_exceptions_to).toBe('ops@widget.example, dev.team+hooks@mail.widget.example');
      expect((await create({ mail_exceptions_to: ' , ' }).expect(200)).body.mail_exceptions_to).toBeNull();
    });

    it('names each invalid address', async () => {
      expect(await errorsOf({ mail_exceptions_to: 'ops@widget.example, not-an-address, a@b@c.example, x@-bad.example' })).toEqual([
        ['mail_exceptions_to', "'not-an-address' is not a valid e-mail address"],
        ['mail_exceptions_to', "'a@b@c.example' is not a valid e-mail address"],
        ['mail_exceptions_to', "'x@-bad.example' is not a valid e-mail address"],
      ]);
      expect(fieldsOf(await errorsOf({ mail_exceptions_to: 'Ops <ops@widget.example>' }))).toEqual(['mail_exceptions_to']);
    });
  });

  describe('disabled and webhook_policy', () => {
    it('defaults disabled to false and refuses a non-boolean', async () => {
      expect((await create({}).expect(200)).body.disabled).toBe(false);
      expect(fieldsOf(await errorsOf({ disabled: 'yes' }))).toEqual(['disabled']);
    });

    it("takes a policy of the account by id, clears it with null, and refuses another account's or an unknown one", async () => {
      const own = await insertPolicy(h, 'wdc', 'Own policy');
      const foreign = await insertPolicy(h, 'widget', 'Foreign policy');
      const created = (await create({ webhook_policy: own }).expect(200)).body;
      expect(created.webhook_policy).toMatchObject({ id: own, name: 'Own policy' });
      for (const id of [foreign, 999_999]) {
        expect(await errorsOf({ webhook_policy: id })).toEqual([['webhook_policy', `Webhook policy id ${id} is not a webhook policy of this account`]]);
      }
      expect(fieldsOf(await errorsOf({ webhook_policy: 'Own policy' }))).toEqual(['webhook_policy']);
      expect(fieldsOf(await errorsOf({ webhook_policy: 2 ** 40 }))).toEqual(['webhook_policy']);
      const cleared = (await call(h, 'patch', `/v1/webhooks/${created.id}`).send({ webhook_policy: null }).expect(200)).body;
      expect(cleared.webhook_policy).toBeNull();
      expect(await storedWebhook(h, created.id)).toMatchObject({ webhook_policy_id: null });
    });
  });

  describe('fields a webhook does not have, or that only the service writes', () => {
    it('returns 422 naming each of them, and stores nothing', async () => {
      const before = await webhookCount(h);
      expect(await errorsOf({ diabled: true, id: 5, last_error: 'x', attachments: [] })).toEqual([
        ['diabled', "'diabled' is not a field of a webhook"],
        ['id', "'id' is read-only"],
        ['last_error', "'last_error' is read-only"],
        ['attachments', "'attachments' is read-only"],
      ]);
      expect(await webhookCount(h)).toBe(before);
    });
  });

  describe('nothing half-saved', () => {
    it('reports every bad field of a create at once', async () => {
      const errors = await errorsOf({ event: 'nope', uri: 'ftp://x', source: 's'.repeat(31), mail_exceptions_to: 'bad', webhook_policy: 999_999 });
      expect(fieldsOf(errors)).toEqual(['event', 'uri', 'source', 'mail_exceptions_to', 'webhook_policy']);
    });

    it('leaves the stored webhook and its audit unchanged when one field of a PATCH is bad among good ones', async () => {
      const created = (await create({ name: 'Stable', description: 'As it was' }).expect(200)).body;
      const stored = await storedWebhook(h, created.id);
      const res = await call(h, 'patch', `/v1/webhooks/${created.id}`)
        .send({ name: 'Changed', description: 'Changed too', disabled: true, uri: 'not a uri' })
        .expect(422);
      expect(res.body).toEqual({ message: 'Validation Failed', errors: [['uri', expect.any(String)]] });
      expect(await storedWebhook(h, created.id)).toEqual(stored);
      expect(await auditLines(h, 'Webhook', created.id)).toHaveLength(1);
      expect((await call(h, 'get', `/v1/webhooks/${created.id}`).expect(200)).body).toEqual(created);
    });

    it('leaves the webhook unchanged when the policy of a PATCH is not one of the account', async () => {
      const created = (await create({ name: 'Keeps its policy' }).expect(200)).body;
      const foreign = await insertPolicy(h, 'widget', 'Another foreign policy');
      await call(h, 'patch', `/v1/webhooks/${created.id}`).send({ name: 'Renamed', webhook_policy: foreign }).expect(422);
      expect(await storedWebhook(h, created.id)).toMatchObject({ name: 'Keeps its policy', webhook_policy_id: null });
    });
  });
});
