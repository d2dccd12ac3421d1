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

describe('the per-document cache with a weight bound', () => {
  const bytes = { maxWeight: 10, weigh: (_key: string, value: string) => value.length };

  it('drops the least recently used entries until what is kept weighs at most its bound', () => {
    const cache = new LruCache<string>(100, bytes);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size, cache.totalWeight]).toEqual(['aaaa', undefined, 'cccc', 2, 8]);
  });

  it('keeps nothing of an entry heavier than the whole bound, and counts a replaced entry once', () => {
    const cache = new LruCache<string>(100, bytes);
    cache.set('a', 'aaaa');
    cache.set('big', 'x'.repeat(11));
    expect([cache.get('big'), cache.get('a'), cache.totalWeight]).toEqual([undefined, 'aaaa', 4]);
    cache.set('a', 'aaaaaa');
    cache.delete('missing');
    expect([cache.size, cache.totalWeight]).toEqual([1, 6]);
  });
});
