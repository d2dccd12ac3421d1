import { API_URL, startApiHarness, type ApiHarness } from './support/api-harness.js';
import { auditLines, call } from './support/integration-calls.js';
import { storedWebhook } from './support/webhook-calls.js';

/** SPEC.md "Webhook": `description_attachments` (writeonly) and `attachments` (readonly, aggregated). */
describe('/v1/webhooks — the attachments of the description', () => {
  let h: ApiHarness;
  let diagram: string;
  let runbook: string;
  beforeAll(async () => {
    h = await startApiHarness();
    const upload = async (name: string, type: string, text: string) =>
      (await call(h, 'post', '/v1/attachments').attach('file', Buffer.from(text), { filename: name, contentType: type }).expect(201)).body.key as string;
    diagram = await upload('diagram.png', 'image/png', 'png bytes');
    runbook = await upload('runbook.pdf', 'application/pdf', 'pdf bytes!');
  });
  afterAll(() => h.drop());

  const create = (body: Record<string, unknown>) => call(h, 'post', '/v1/webhooks').send({ event: 'request.create', uri: 'https://hooks.example/in', ...body });
  const shown = (key: string, filename: string, content_type: string, size: number, inline: boolean) =>
    ({ key, filename, content_type, size, inline, uri: `${API_URL}/attachments/${key}` });

  it('links uploaded attachments and shows them aggregated in the single output, never description_attachments', async () => {
    const res = await create({ description: '![diagram] and the runbook', description_attachments: [{ key: runbook }, { key: diagram, inline: true }] }).expect(200);
    // In upload order: the diagram was uploaded first.
    const expected = [shown(diagram, 'diagram.png', 'image/png', 9, true), shown(runbook, 'runbook.pdf', 'application/pdf', 10, false)];
    expect(res.body.attachments).toEqual(expected);
    expect(res.body).not.toHaveProperty('description_attachments');
    expect((await call(h, 'get', `/v1/webhooks/${res.body.id}`).expect(200)).body.attachments).toEqual(expected);
    const [line] = await auditLines(h, 'Webhook', res.body.id);
    expect(line!.changes['description_attachments']).toEqual(expected.map(({ key, inline }) => ({ key, inline })));
  });

  it('keeps attachments out of the lists, and their uri downloads the file', async () => {
    const created = (await create({ description_attachments: [{ key: runbook }] }).expect(200)).body;
    const [row] = (await call(h, 'get', '/v1/webhooks').query({ id: created.id }).expect(200)).body;
    expect(row).not.toHaveProperty('attachments');
    expect((await call(h, 'get', '/v1/webhooks').query({ fields: 'attachments' }).expect(400)).body).toEqual({ message: 'Unknown fields: attachments' });
    const path = new URL(created.attachments[0].uri).pathname;
    expect((await call(h, 'get', path).expect(200)).headers['content-type']).toBe('application/pdf');
  });

  it('replaces the whole set on PATCH, clears it with [], leaves it alone when not given, and audits [before, after]', async () => {
    const created = (await create({ description_attachments: [{ key: diagram }] }).expect(200)).body;
    const replaced = (await call(h, 'patch', `/v1/webhooks/${created.id}`).send({ description_attachments: [{ key: runbook, inline: true }] }).expect(200)).body;
    expect(replaced.attachments).toEqual([shown(runbook, 'runbook.pdf', 'application/pdf', 10, true)]);
    expect(new Date(replaced.updated_at).getTime()).toBeGreaterThan(new Date(created.updated_at).getTime());
    const renamed = (await call(h, 'patch', `/v1/webhooks/${created.id}`).send({ name: 'Renamed' }).expect(200)).body;
    expect(renamed.attachments).toEqual(replaced.attachments);
    expect((await call(h, 'patch', `/v1/webhooks/${created.id}`).send({ description_attachments: [] }).expect(200)).body.attachments).toEqual([]);
    const updates = (await auditLines(h, 'Webhook', created.id)).filter((line) => line.action === 'update');
    expect(updates.map((line) => line.changes['description_attachments'])).toEqual([
      [[{ key: diagram, inline: false }], [{ key: runbook, inline: true }]],
      undefined,
      [[{ key: runbook, inline: true }], []],
    ]);
  });

  it("returns 422 for an unknown key and another account's, linking nothing and changing nothing", async () => {
    const [foreign] = await h.test.db('attachments')
      .insert({ account_id: 'widget', key: 'att_' + 'w'.repeat(32), filename: 'w.txt', content_type: 'text/plain', size: 1, data: Buffer.from('w') })
      .returning('key');
    const res = await create({ name: 'Never stored', description_attachments: [{ key: diagram }, { key: 'att_unknown' }, { key: foreign.key }] }).expect(422);
    expect(res.body.errors).toEqual([
      ['description_attachments', expect.stringContaining("Attachment 'att_unknown' is not known")],
      ['description_attachments', expect.stringContaining(`Attachment '${foreign.key}' is not known`)],
    ]);
    expect(await h.test.db('webhooks').where({ name: 'Never stored' }).first()).toBeUndefined();

    const created = (await create({ description_attachments: [{ key: diagram }] }).expect(200)).body;
    await call(h, 'patch', `/v1/webhooks/${created.id}`).send({ name: 'Changed', description_attachments: [{ key: foreign.key }] }).expect(422);
    expect((await call(h, 'get', `/v1/webhooks/${created.id}`).expect(200)).body).toEqual(created);
  });

  it('refuses a malformed entry: not an object, no key, or a field an entry does not have', async () => {
    for (const entry of ['att_x', { inline: true }, { key: diagram, size: 3 }]) {
      const res = await create({ description_attachments: [entry] }).expect(422);
      expect(res.body.errors[0][0]).toMatch(/^description_attachments\.0/);
    }
  });

  it('drops the links of a deleted webhook and keeps the files', async () => {
    const created = (await create({ description_attachments: [{ key: diagram }] }).expect(200)).body;
    await call(h, 'delete', `/v1/webhooks/${created.id}`).expect(204);
    expect(await storedWebhook(h, created.id)).toBeUndefined();
    expect(await h.test.db('record_attachments').where({ record_type: 'Webhook', record_id: created.id })).toEqual([]);
    await call(h, 'get', `/v1/attachments/${diagram}`).expect(200);
  });
});
