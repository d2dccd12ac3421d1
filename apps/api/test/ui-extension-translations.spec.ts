import request from 'supertest';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { auditLines, call } from './support/integration-calls.js';

const HTML = '<div class="row">\n  <label>Move from</label>\n  <input id="from" placeholder="Street">\n</div>\n';

describe('/v1/ui_extensions/:id/translations — the translations behind localized_html', () => {
  let h: ApiHarness;
  let id: number;
  let versionId: number;
  beforeAll(async () => {
    h = await startApiHarness();
    const created = await call(h, 'post', '/v1/ui_extensions').send({ name: 'Translated', category: 'person', html: HTML }).expect(200);
    id = created.body.id;
    versionId = created.body.prepared_version.id;
  });
  afterAll(() => h.drop());

  const putTo = (path: string, body: unknown, token: string = h.demo.admin.token) =>
    request(h.app).put(path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account).send(body as object);
  const put = (locale: string, body: unknown, token?: string) => putTo(`/v1/ui_extensions/${id}/translations/${locale}`, body, token);

  it('PUT replaces a locale\'s set, GET reads it, and a person in that locale gets localized_html translated', async () => {
    const stored = await put('de-DE', { '  Move   from ': 'Umzug von', Street: 'Straße' }).expect(200);
    expect(stored.body).toEqual({ locale: 'de-DE', translations: { 'Move from': 'Umzug von', Street: 'Straße' } });
    expect((await call(h, 'get', `/v1/ui_extensions/${id}/translations?locale=de-DE`).expect(200)).body)
      .toEqual({ locale: 'de-DE', translations: { 'Move from': 'Umzug von', Street: 'Straße' } });
    expect((await call(h, 'get', `/v1/ui_extensions/${id}/translations?locale=fr`).expect(200)).body).toEqual({ locale: 'fr', translations: {} });

    const lines = await auditLines(h, 'UiExtension', id);
    expect(lines.at(-1)).toMatchObject({ action: 'update', changes: { 'translations.de-DE': [{}, { 'Move from': 'Umzug von', Street: 'Straße' }] } });

    await h.test.db('people').where({ primary_email: h.demo.admin.email }).update({ locale: 'de-DE' });
    try {
      const version = await call(h, 'get', `/v1/ui_extensions/${id}/versions/${versionId}`).expect(200);
      expect(version.body.html).toBe(HTML);
      expect(version.body.localized_html).toBe('<div class="row">\n  <label>Umzug von</label>\n  <input id="from" placeholder="Straße">\n</div>\n');

      // A PUT is the whole set: a phrase left out loses its translation.
      await put('de-DE', { Street: 'Gasse' }).expect(200);
      expect((await call(h, 'get', `/v1/ui_extensions/${id}/versions/${versionId}`).expect(200)).body.localized_html)
        .toBe('<div class="row">\n  <label>Move from</label>\n  <input id="from" placeholder="Gasse">\n</div>\n');
    } finally {
      await h.test.db('people').where({ primary_email: h.demo.admin.email }).update({ locale: 'en-US' });
    }
  });

  it('a bad locale, a too-long phrase or a non-string text is a 422 naming it, and nothing is stored', async () => {
    const bad = await put('not_a_locale!', { Street: 'Rue' }).expect(422);
    expect(bad.body).toEqual({ message: 'Validation Failed', errors: [['locale', "Locale 'not_a_locale!' is not a BCP 47 language tag"]] });
    const long = await put('fr', { ['x'.repeat(1001)]: 'y', Street: 7 }).expect(422);
    expect(long.body.errors.map(([field]: [string]) => field)).toEqual(['phrase', 'text']);
    expect((await call(h, 'get', `/v1/ui_extensions/${id}/translations?locale=fr`).expect(200)).body.translations).toEqual({});
    expect((await call(h, 'get', `/v1/ui_extensions/${id}/translations?locale=%21%21`).expect(422)).body.errors[0][0]).toBe('locale');
    expect((await call(h, 'get', `/v1/ui_extensions/${id}/translations`).expect(422)).body.errors[0][0]).toBe('locale');
  });

  it('the demo extension\'s active version carries its phrases and the SCSS as sass compiles it', async () => {
    const demo = h.demo.ui_extension_id;
    const v1 = await h.id('ui_extension_versions', { ui_extension_id: demo, version_nr: 1 });
    const version = await call(h, 'get', `/v1/ui_extensions/${demo}/versions/${v1}`).expect(200);
    expect(version.body).toMatchObject({ phrases: ['Move from', 'Move to'], compiled_css: '.row.subject {\n  display: none;\n}' });
  });

  it('reads are for any role, replacing is for administrators; another account\'s extension is not found', async () => {
    const agent = await tokenFor(h, h.demo.agent.email, ['*:*']);
    await call(h, 'get', `/v1/ui_extensions/${id}/translations?locale=de-DE`, agent).expect(200);
    await put('de-DE', { Street: 'Weg' }, agent).expect(403);
    expect((await call(h, 'get', `/v1/ui_extensions/${id}/translations?locale=de-DE`).expect(200)).body.translations).toEqual({ Street: 'Gasse' });

    const [foreign] = await h.test.db('ui_extensions').insert({ account_id: 'widget', name: 'Foreign', category: 'person' }).returning('id');
    await call(h, 'get', `/v1/ui_extensions/${foreign.id}/translations?locale=de`).expect(404);
    await putTo(`/v1/ui_extensions/${foreign.id}/translations/de`, { Street: 'Weg' }).expect(404);
    await putTo('/v1/ui_extensions/abc/translations/de', { Street: 'Weg' }).expect(404);
    expect(await h.test.db('ui_extension_translations').where({ ui_extension_id: foreign.id }).count('* as n')).toEqual([{ n: 0 }]);
  });
});
