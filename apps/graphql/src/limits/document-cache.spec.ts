import { LruCache, weightKey } from './document-cache.js';

describe('the per-document cache', () => {
  it('keeps at most its bound, dropping the least recently used entry first', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });

  it('keys a weighing by document hash and operation, and by variable values only when the operation has variables', () => {
    expect(weightKey('h', 'Op', { first: 5 }, false)).toBe(weightKey('h', 'Op', { first: 50 }, false));
    expect(weightKey('h', 'Op', { first: 5 }, true)).not.toBe(weightKey('h', 'Op', { first: 50 }, true));
    expect(weightKey('h', 'A', undefined, false)).not.toBe(weightKey('h', 'B', undefined, false));
    // Large variables are not kept: weighed again on each call.
    expect(weightKey('h', null, { ids: 'x'.repeat(2000) }, true)).toBeNull();
  });
});
