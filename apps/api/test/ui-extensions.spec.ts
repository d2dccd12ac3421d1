import { encodeNodeId } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

describe('/v1/ui_extensions — REFERENCE.md "UI extensions", SPEC.md "UI extension version status"', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  const create = (body: Record<string, unknown>, token?: string) => call(h, 'post', '/v1/ui_extensions', token).send(body);
  const patch = (id: number, body: Record<string, unknown>, token?: string) => call(h, 'patch', `/v1/ui_extensions/${id}`, token).send(body);
  const versions = (id: number) =>
    h.test.db('ui_extension_versions').where({ ui_extension_id: id }).orderBy('version_nr').select('id', 'version_nr', 'name', 'status', 'html', 'css', 'activated_at', 'archived_at');

  it('walks the lifecycle: v1 being_prepared, edited in place, activated with v2 prepared at once; v2 edited, activated, v1 archived, v3 prepared', async () => {
    const created = await create({ name: 'Move form', category: 'request_template', html: '<label>From</label>', css: '.a { .b { color: red; } }' }).expect(200);
    const id = created.body.id as number;
    const [v1] = await versions(id);
    expect(v1).toMatchObject({ version_nr: 1, name: 'Move form', status: 'being_prepared', activated_at: null });
    expect(created.body).toMatchObject({
      name: 'Move form', category: 'request_template', html: '<label>From</label>', disabled: false, nodeID: encodeNodeId('UiExtension', id),
      active_version: null, prepared_version: { id: v1.id, version_nr: 1, nodeID: encodeNodeId('UiExtensionVersion', v1.id) },
    });

    const edited = await patch(id, { html: '<label>From here</label>' }).expect(200);
    expect(edited.body.prepared_version.id).toBe(v1.id);
    expect(await versions(id)).toEqual([expect.objectContaining({ id: v1.id, status: 'being_prepared', html: '<label>From here</label>', css: '.a { .b { color: red; } }' })]);

    await patch(id, { name: 'Move form 2' }).expect(200);
    const activated = await patch(id, { activate: true }).expect(200);
    const [, v2] = await versions(id);
    expect(v2).toMatchObject({ version_nr: 2, name: 'Move form 2', status: 'being_prepared', html: '<label>From here</label>', css: '.a { .b { color: red; } }' });
    expect(activated.body).toMatchObject({ active_version: { id: v1.id, version_nr: 1 }, prepared_version: { id: v2.id, version_nr: 2 }, html: '<label>From here</label>' });
    expect((await versions(id))[0]).toMatchObject({ status: 'active', activated_at: expect.any(Date) });

    const v2edit = await patch(id, { javascript: 'console.log(1)' }).expect(200);
    expect(v2edit.body).toMatchObject({ active_version: { id: v1.id }, prepared_version: { id: v2.id, version_nr: 2 }, javascript: null });
    expect((await versions(id)).map((v) => v.id)).toEqual([v1.id, v2.id]);

    const second = await patch(id, { activate: true }).expect(200);
    const [, , v3] = await versions(id);
    expect(second.body).toMatchObject({ active_version: { id: v2.id, version_nr: 2 }, prepared_version: { id: v3.id, version_nr: 3 }, javascript: 'console.log(1)' });
    expect(await versions(id)).toEqual([
      expect.objectContaining({ id: v1.id, status: 'archived', archived_at: expect.any(Date) }),
      expect.objectContaining({ id: v2.id, status: 'active', activated_at: expect.any(Date), archived_at: null }),
      expect.objectContaining({ id: v3.id, status: 'being_prepared', activated_at: null, archived_at: null }),
    ]);
    expect((await call(h, 'get', `/v1/ui_extensions/${id}`).expect(200)).body).toEqual(second.body);
  });

  it('activating creates the next being_prepared version at once, a copy of the one activated (SPEC.md "Versioning" 2)', async () => {
    const { body } = await create({ name: 'Copied on activation', category: 'person', html: '<label>Room</label>', css: '.a { .b { c: d; } }' }).expect(200);
    const v1 = body.prepared_version.id as number;
    const activated = await patch(body.id, { activate: true }).expect(200);
    const [, v2] = await versions(body.id);
    expect(v2).toMatchObject({ version_nr: 2, name: 'Copied on activation', status: 'being_prepared', html: '<label>Room</label>', css: '.a { .b { c: d; } }', activated_at: null });
    expect(activated.body).toMatchObject({ active_version: { id: v1, version_nr: 1 }, prepared_version: { id: v2.id, version_nr: 2 }, html: '<label>Room</label>' });

    const listed = await call(h, 'get', `/v1/ui_extensions/${body.id}/versions`).expect(200);
    expect(listed.body.map((v: { version_nr: number; status: string }) => [v.version_nr, v.status])).toEqual([[1, 'active'], [2, 'being_prepared']]);
    const copy = await call(h, 'get', `/v1/ui_extensions/${body.id}/versions/${v2.id}`).expect(200);
    expect(copy.body).toMatchObject({ compiled_css: '.a .b {\n  c: d;\n}', phrases: ['Room'] });
    const audit = await call(h, 'get', `/v1/ui_extensions/${body.id}/versions/${v2.id}/audit`).expect(200);
    expect(audit.body).toEqual([expect.objectContaining({ action: 'create', changes: expect.objectContaining({ version_nr: 2, status: 'being_prepared', html: '<label>Room</label>' }) })]);

    // The next edit updates that version in place.
    await patch(body.id, { html: '<label>Hall</label>' }).expect(200);
    expect((await versions(body.id)).map((v) => [v.id, v.status, v.html])).toEqual([[v1, 'active', '<label>Room</label>'], [v2.id, 'being_prepared', '<label>Hall</label>']]);
  });

  it('refuses activate with nothing prepared (422, explained)', async () => {
    const { body } = await create({ name: 'Nothing yet', category: 'person' }).expect(200);
    const res = await patch(body.id, { activate: true }).expect(422);
    expect(res.body.errors[0][0]).toBe('activate');
    expect(await versions(body.id)).toEqual([]);
  });

  it('compiles SCSS into compiled_css; a compile error is a 422 on css and stores nothing', async () => {
    const { body } = await create({ name: 'Styled', category: 'team', css: '.row.subject {\n display: none;\n}' }).expect(200);
    const stored = await h.test.db('ui_extension_versions').where({ ui_extension_id: body.id }).first('compiled_css');
    expect(stored.compiled_css).toBe('.row.subject {\n  display: none;\n}');
    const bad = await patch(body.id, { css: '.a { color: red;', html: '<b>x</b>' }).expect(422);
    expect(bad.body.errors).toEqual([['css', expect.stringMatching(/line 1:\d+/)]]);
    expect(await h.test.db('ui_extension_versions').where({ ui_extension_id: body.id }).first('css', 'html')).toEqual({ css: '.row.subject {\n display: none;\n}', html: null });
    const imported = await patch(body.id, { css: '@import "secrets";' }).expect(422);
    expect(imported.body.errors[0][0]).toBe('css');
    await patch(body.id, { css: '@use "sass:math";\n.a { width: math.div(10px, 2); }' }).expect(200);
  });

  it('stores the phrases of the HTML on the version at each html change', async () => {
    const html = '<label>Move  from</label><input placeholder="Old room" title="Room"><script>var x = "no"</script><style>p{}</style><p> Move to </p><label>Move from</label>';
    const { body } = await create({ name: 'Phrases', category: 'service_instance', html }).expect(200);
    const row = await h.test.db('ui_extension_versions').where({ ui_extension_id: body.id }).first('phrases');
    expect(row.phrases).toEqual(['Move from', 'Old room', 'Room', 'Move to']);
  });

  it('answers 422 for missing, unknown, read-only and oversized fields, and 409 for a taken name', async () => {
    const res = await create({ category: 'nope', id: 3, colour: 'x' }).expect(422);
    expect(res.body.errors).toEqual(expect.arrayContaining([['id', "'id' is read-only"], ['colour', "'colour' is not a field of a UI extension"]]));
    const missing = await create({ category: 'nope' }).expect(422);
    expect(missing.body.errors).toEqual(expect.arrayContaining([['name', "Name can't be blank"], ['category', expect.stringContaining("'nope'")]]));
    const big = await create({ name: 'Big', category: 'person', html: 'é'.repeat(32_769) }).expect(422);
    expect(big.body.errors).toEqual([['html', 'Html is too long (maximum is 64 KB)']]);
    await create({ name: 'Twice', category: 'person' }).expect(200);
    await create({ name: 'Twice', category: 'person' }).expect(409);
  });

  it('lists with fields, sort and filters; reads for any role, writes for administrators only; another account → 404', async () => {
    const list = await call(h, 'get', '/v1/ui_extensions?sort=-id&fields=name,html&category=person').expect(200);
    expect(list.body.length).toBeGreaterThan(0);
    for (const item of list.body) expect(Object.keys(item).sort()).toEqual(['html', 'id', 'name', 'nodeID']);
    expect(list.body.map((item: { id: number }) => item.id)).toEqual([...list.body.map((item: { id: number }) => item.id)].sort((a, b) => b - a));
    const agent = await tokenFor(h, h.demo.agent.email, ['*:*']);
    await call(h, 'get', '/v1/ui_extensions', agent).expect(200);
    await create({ name: 'By agent', category: 'person' }, agent).expect(403);
    const [foreign] = await h.test.db('ui_extensions').insert({ account_id: 'widget', name: 'Foreign', category: 'person' }).returning('id');
    await call(h, 'get', `/v1/ui_extensions/${foreign.id}`).expect(404);
    await patch(foreign.id, { title: 'x' }).expect(404);
    const readOnly = await tokenFor(h, h.demo.admin.email, ['request:Read']);
    await call(h, 'get', '/v1/ui_extensions', readOnly).expect(403);
  });

  it('GET …/versions/:version_id/audit returns the version\'s audit lines; another account\'s → 404', async () => {
    const { body } = await create({ name: 'Audited', category: 'person', html: '<p>a</p>' }).expect(200);
    await patch(body.id, { html: '<p>b</p>' }).expect(200);
    await patch(body.id, { activate: true }).expect(200);
    const versionId = body.prepared_version.id as number;
    const res = await call(h, 'get', `/v1/ui_extensions/${body.id}/versions/${versionId}/audit`).expect(200);
    expect(res.body.map((line: { action: string }) => line.action)).toEqual(['create', 'update', 'update']);
    expect(res.body[1]).toMatchObject({ changes: { html: ['<p>a</p>', '<p>b</p>'], phrases: [['a'], ['b']] }, person: { id: expect.any(Number), name: expect.any(String) }, source: null });
    expect(res.body[2].changes.status).toEqual(['being_prepared', 'active']);
    const [foreign] = await h.test.db('ui_extensions').insert({ account_id: 'widget', name: 'Foreign audited', category: 'person' }).returning('id');
    const [fv] = await h.test.db('ui_extension_versions').insert({ account_id: 'widget', ui_extension_id: foreign.id, version_nr: 1, name: 'x' }).returning('id');
    await call(h, 'get', `/v1/ui_extensions/${foreign.id}/versions/${fv.id}/audit`).expect(404);
    await call(h, 'get', `/v1/ui_extensions/${body.id}/versions/${fv.id}/audit`).expect(404);
  });
});
