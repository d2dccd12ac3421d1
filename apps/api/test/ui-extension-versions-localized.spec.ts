import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

describe("GET /v1/ui_extensions/:id/versions/:version_id in the caller's locale and time zone", () => {
  let h: ApiHarness;
  let path: string;

  beforeAll(async () => {
    h = await startApiHarness();
    const extensionId = h.demo.ui_extension_id;
    const v1 = await h.id('ui_extension_versions', { ui_extension_id: extensionId, version_nr: 1 });
    path = `/v1/ui_extensions/${extensionId}/versions/${v1}`;
    await h.test.db('ui_extension_versions').where({ id: v1 }).update({ activated_at: new Date('2026-11-22T22:04:00Z') });
    await h.test.db('ui_extension_translations').insert([
      { account_id: 'wdc', ui_extension_id: extensionId, phrase: 'Move from', locale: 'nl', text: 'Verhuizen van' },
      { account_id: 'wdc', ui_extension_id: extensionId, phrase: 'Move to', locale: 'nl', text: 'Verhuizen naar' },
    ]);
  });
  afterAll(() => h.drop());

  const setAdmin = (values: Record<string, string>) => h.test.db('people').where({ primary_email: h.demo.admin.email }).update(values);

  it('returns the HTML as written and en-US UTC dates for a person in en-US', async () => {
    const res = await call(h, 'get', path).expect(200);
    expect(res.body.localized_html).toBe(res.body.html);
    expect(res.body.formatted_activated_at).toBe('November 22, 2026 at 10:04 PM');
  });

  it('translates the phrases for a person whose locale is nl-BE (through nl), with dates in their time zone', async () => {
    await setAdmin({ locale: 'nl-BE', time_zone: 'Europe/Brussels' });
    const res = await call(h, 'get', path).expect(200);
    expect(res.body.localized_html).toBe('<div class="row">\n  <label>Verhuizen van</label>\n  <input id="from" type="text">\n  <label>Verhuizen naar</label>\n  <input id="to" type="text">\n</div>\n');
    expect(res.body.html).toContain('<label>Move from</label>');
    expect(res.body.formatted_activated_at).toBe('22 november 2026 om 23:04');
    expect(res.body.formatted_archived_at).toBe('');
  });

  it('formats in a time zone west of UTC', async () => {
    await setAdmin({ locale: 'en-US', time_zone: 'America/Los_Angeles' });
    expect((await call(h, 'get', path).expect(200)).body.formatted_activated_at).toBe('November 22, 2026 at 2:04 PM');
  });
});
