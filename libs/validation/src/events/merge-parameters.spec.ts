import { mergeParameters } from './merge-parameters.js';

const ALIASES = { sourceID: 'source_id' };

describe('mergeParameters', () => {
  it('takes each parameter from whichever source gives it', () => {
    expect(mergeParameters([{ subject: 'a' }, { note: 'n' }], ALIASES)).toEqual({ values: { subject: 'a', note: 'n' }, conflicts: new Set() });
  });

  it('maps an alias to its canonical name', () => {
    expect(mergeParameters([{ sourceID: 'x' }], ALIASES).values).toEqual({ source_id: 'x' });
  });

  it.each([
    ['an alias and its name', [{ source_id: 'A', sourceID: 'B' }]],
    ['the name and its alias, the other way round', [{ sourceID: 'B', source_id: 'A' }]],
    ['the query and the body', [{ source_id: 'A' }, { source_id: 'B' }]],
    ['a repeated query parameter', [{ source_id: ['A', 'B'] }]],
  ])('reports a conflict for different values through %s', (_how, sources) => {
    expect(mergeParameters(sources, ALIASES).conflicts).toEqual(new Set(['source_id']));
  });

  it('accepts the same value given several ways, a JSON number equal to a query string, and surrounding spaces', () => {
    const merged = mergeParameters([{ team_id: ['5', '5'], source_id: 'A' }, { team_id: 5, sourceID: ' A ' }], ALIASES);
    expect(merged.conflicts).toEqual(new Set());
    expect(merged.values).toEqual({ team_id: '5', source_id: 'A' });
  });

  it('keeps a body key named __proto__ as a plain key', () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}, "subject": "s"}') as Record<string, unknown>;
    const merged = mergeParameters([body], ALIASES);
    expect(Object.getPrototypeOf(merged.values)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(merged.values['subject']).toBe('s');
  });
});
