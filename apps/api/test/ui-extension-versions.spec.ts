import { encodeNodeId } from '@tessera/domain';
import { API_URL, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

describe('SPEC.md "UI extension versions API" — GET /v1/ui_extensions/:id/versions[/:version_id]', () => {
  let h: ApiHarness;
  let extensionId: number;
  let versions: string;
  let v1: number;
  let v2: number;
  let v3: number;

  beforeAll(async () => {
    h = await startApiHarness();
    extensionId = h.demo.ui_extension_id;
    versions = `/v1/ui_extensions/${extensionId}/versions`;
    v1 = await h.id('ui_extension_versions', { ui_extension_id: extensionId, version_nr: 1 });
    // Version 1 archived, 2 active, 3 being prepared: the lifecycle's states, inserted directly.
    await h.test.db('ui_extension_versions').where({ id: v1 }).update({ status: 'archived', archived_at: new Date('2026-11-22T22:04:00Z'), activated_at: new Date('2026-11-20T08:30:00Z') });
    const insert = async (version_nr: number, status: string, extra: Record<string, unknown>) =>
      (await h.test.db('ui_extension_versions').insert({ account_id: 'wdc', ui_extension_id: extensionId, version_nr, name: 'Server move form', status, ...extra }).returning('id'))[0].id as number;
    v2 = await insert(2, 'active', { activated_at: new Date('2026-11-22T22:04:00Z'), html: '<label>Move to</label>', css: '.a { b: c; }', compiled_css: '.a {\n  b: c; }\n', phrases: JSON.stringify(['Move to']) });
    v3 = await insert(3, 'being_prepared', { html: '<p>Draft</p>', javascript: 'void 0;', form_definition: '{"x":1}', phrases: JSON.stringify(['Draft']) });
  });
  afterAll(() => h.drop());

  const node = (id: number) => encodeNodeId('UiExtensionVersion', id);

  describe('the collection', () => {
    it('returns the default fields of rule 1 (and nodeID), ascending id', async () => {
      const res = await call(h, 'get', versions).expect(200);
      expect(res.body.map((v: { id: number }) => v.id)).toEqual([v1, v2, v3]);
      expect(res.body[1]).toEqual({
        id: v2, version_nr: 2, name: 'Server move form', status: 'active',
        activated_at: '2026-11-22T22:04:00.000Z', archived_at: null,
        created_at: expect.any(String), updated_at: expect.any(String), nodeID: node(v2),
      });
      expect(res.body[0]).toMatchObject({ status: 'archived', archived_at: '2026-11-22T22:04:00.000Z' });
      expect(res.headers).toMatchObject({ 'x-pagination-total-entries': '3', 'x-pagination-per-page': '20', 'x-pagination-current-page': '1' });
    });

    it('selects other fields with fields, and refuses the single-version-only ones', async () => {
      const res = await call(h, 'get', versions).query({ fields: 'html,css,javascript,form_definition,phrases,view_audit_path' }).expect(200);
      expect(res.body[2]).toEqual({
        id: v3, html: '<p>Draft</p>', css: null, javascript: 'void 0;', form_definition: '{"x":1}', phrases: ['Draft'],
        view_audit_path: `${API_URL}/ui_extensions/${extensionId}/versions/${v3}/audit`, nodeID: node(v3),
      });
      for (const field of ['compiled_css', 'localized_html', 'ui_extension', 'formatted_activated_at']) {
        expect((await call(h, 'get', versions).query({ fields: field }).expect(400)).body).toEqual({ message: `Unknown fields: ${field}` });
      }
    });

    it('sorts on id, version_nr, status, created_at and updated_at, and refuses any other sort', async () => {
      const byStatus = await call(h, 'get', versions).query({ sort: 'status' }).expect(200);
      expect(byStatus.body.map((v: { status: string }) => v.status)).toEqual(['active', 'archived', 'being_prepared']);
      const byNr = await call(h, 'get', versions).query({ sort: '-version_nr' }).expect(200);
      expect(byNr.body.map((v: { version_nr: number }) => v.version_nr)).toEqual([3, 2, 1]);
      for (const sort of ['id', '-created_at', 'updated_at']) await call(h, 'get', versions).query({ sort }).expect(200);
      for (const field of ['foo', 'name', 'activated_at']) {
        expect((await call(h, 'get', versions).query({ sort: field }).expect(400)).body).toEqual({ message: `Sorting not allowed on fields: ${field}` });
      }
    });

    it('pages with per_page and page, with the pagination headers and links', async () => {
      const res = await call(h, 'get', versions).query({ per_page: 2, page: 2 }).expect(200);
      expect(res.body.map((v: { id: number }) => v.id)).toEqual([v3]);
      expect(res.headers).toMatchObject({ 'x-pagination-total-pages': '2', 'x-pagination-current-page': '2', 'x-pagination-per-page': '2' });
      expect(res.headers['link']).toContain(`<http://localhost:3000${versions}?per_page=2&page=1>; rel="prev"`);
      expect(res.headers['link']).not.toContain('rel="next"');
    });
  });

  describe('one version', () => {
    it('returns every field, the single-version-only ones included', async () => {
      const res = await call(h, 'get', `${versions}/${v2}`).expect(200);
      expect(res.body).toEqual({
        id: v2, version_nr: 2, name: 'Server move form', status: 'active',
        activated_at: '2026-11-22T22:04:00.000Z', archived_at: null,
        created_at: expect.any(String), updated_at: expect.any(String),
        html: '<label>Move to</label>', css: '.a { b: c; }', javascript: null, form_definition: null,
        phrases: ['Move to'], compiled_css: '.a {\n  b: c; }\n', localized_html: '<label>Move to</label>',
        ui_extension: { id: extensionId, name: 'Server move form', nodeID: encodeNodeId('UiExtension', extensionId) },
        formatted_activated_at: 'November 22, 2026 at 10:04 PM', formatted_archived_at: '',
        view_audit_path: `${API_URL}/ui_extensions/${extensionId}/versions/${v2}/audit`,
        nodeID: node(v2),
      });
    });

    it("returns 404 for an unknown or malformed id, another extension's version and another account's extension", async () => {
      const [other] = await h.test.db('ui_extensions').insert({ account_id: 'wdc', name: `Other ${Date.now()}`, category: 'person' }).returning('id');
      const [foreign] = await h.test.db('ui_extensions').insert({ account_id: 'widget', name: 'Foreign form', category: 'person' }).returning('id');
      const [foreignVersion] = await h.test.db('ui_extension_versions').insert({ account_id: 'widget', ui_extension_id: foreign.id, version_nr: 1, name: 'Foreign form' }).returning('id');
      const paths = [
        `${versions}/999999`, `${versions}/x1`, `/v1/ui_extensions/${other.id}/versions/${v2}`,
        `/v1/ui_extensions/${foreign.id}/versions/${foreignVersion.id}`, `/v1/ui_extensions/${foreign.id}/versions`, '/v1/ui_extensions/999999/versions',
      ];
      for (const path of paths) expect((await call(h, 'get', path).expect(404)).body).toEqual({ message: 'Not Found' });
    });
  });

  describe('who may read', () => {
    it('lets any role with ui_extension:Read read, and refuses a token without it with 403', async () => {
      const agent = await tokenFor(h, h.demo.agent.email, ['ui_extension:Read']);
      await call(h, 'get', versions, agent).expect(200);
      await call(h, 'get', `${versions}/${v1}`, agent).expect(200);
      const without = await tokenFor(h, h.demo.admin.email, ['request:Read']);
      for (const path of [versions, `${versions}/${v1}`]) expect((await call(h, 'get', path, without).expect(403)).body.message).toBe('Forbidden');
    });
  });
});
