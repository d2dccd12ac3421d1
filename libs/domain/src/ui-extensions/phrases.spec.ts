import { extractPhrases } from './phrases.js';

describe('extractPhrases', () => {
  it('finds the REFERENCE.md example phrases from labels', () => {
    const html = '<div class="row"><label for="from">Move from</label><input id="from"></div>\n<div class="row"><label for="to">Move to</label><input id="to"></div>';
    expect(extractPhrases(html)).toEqual(['Move from', 'Move to']);
  });

  it('takes text nodes and placeholder and title attributes, in document order', () => {
    const html = '<p title="Hint">Intro <b>bold</b></p><input placeholder="Type here"><span>tail</span>';
    expect(extractPhrases(html)).toEqual(['Hint', 'Intro', 'bold', 'Type here', 'tail']);
  });

  it('never takes the insides of script or style', () => {
    const html = '<script>var label = "Secret";</script><style>.a::after { content: "Hidden"; }</style><label>Shown</label>';
    expect(extractPhrases(html)).toEqual(['Shown']);
  });

  it('trims, collapses whitespace, decodes entities and drops blanks', () => {
    const html = '<label>\n   Move\n\t from  </label><p>   </p><span>Fish &amp; chips</span><input title="  ">';
    expect(extractPhrases(html)).toEqual(['Move from', 'Fish & chips']);
  });

  it('gives each phrase once', () => {
    const html = '<label>Name</label><input placeholder="Name" title="Name"><p>Name</p>';
    expect(extractPhrases(html)).toEqual(['Name']);
  });

  it('is empty for HTML without text', () => {
    expect(extractPhrases('')).toEqual([]);
    expect(extractPhrases('<div><input type="text"></div>')).toEqual([]);
  });
});
