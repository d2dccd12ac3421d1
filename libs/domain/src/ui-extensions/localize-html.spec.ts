import { localizeHtml } from './localize-html.js';
import { resolveTranslations } from './translations.js';

const HTML = '<div class="row">\n  <label> Move  from </label>\n  <input id="from" placeholder="Move from" title="Where from">\n  <script>var t = "Move from";</script><style>/* Move from */</style>\n</div>\n';

describe('localizeHtml', () => {
  it('translates text nodes, label text and placeholder and title attributes, keeping the whitespace around them', () => {
    const out = localizeHtml(HTML, new Map([['Move from', 'Verhuizen van'], ['Where from', 'Waarvandaan']]));
    expect(out).toContain('<label> Verhuizen van </label>');
    expect(out).toContain('placeholder="Verhuizen van" title="Waarvandaan"');
  });

  it('never touches script or style content', () => {
    const out = localizeHtml(HTML, new Map([['Move from', 'Verhuizen van'], ['var t = "Move from";', 'x']]));
    expect(out).toContain('<script>var t = "Move from";</script><style>/* Move from */</style>');
  });

  it('returns the HTML as written when nothing is translated', () => {
    expect(localizeHtml(HTML, new Map())).toBe(HTML);
    expect(localizeHtml(HTML, new Map([['Unknown', 'Onbekend']]))).toBe(HTML);
  });

  it('escapes the translated text as HTML', () => {
    expect(localizeHtml('<p>Hi</p>', new Map([['Hi', 'a < b & "c"']]))).toBe('<p>a &lt; b &amp; "c"</p>');
    expect(localizeHtml('<i title="Hi"></i>', new Map([['Hi', '"x"']]))).toBe('<i title="&quot;x&quot;"></i>');
  });
});

describe('resolveTranslations', () => {
  const rows = [
    { phrase: 'Move from', locale: 'nl', text: 'Verhuizen van' },
    { phrase: 'Move to', locale: 'nl', text: 'Verhuizen naar' },
    { phrase: 'Move to', locale: 'nl-BE', text: 'Verhuizen naar (BE)' },
  ];

  it('takes the exact locale, then its language, else nothing', () => {
    expect(resolveTranslations(rows, 'nl-BE')).toEqual(new Map([['Move from', 'Verhuizen van'], ['Move to', 'Verhuizen naar (BE)']]));
    expect(resolveTranslations(rows, 'nl')).toEqual(new Map([['Move from', 'Verhuizen van'], ['Move to', 'Verhuizen naar']]));
    expect(resolveTranslations(rows, 'en-US')).toEqual(new Map());
    expect(resolveTranslations(rows, 'not a tag')).toEqual(new Map());
  });
});
