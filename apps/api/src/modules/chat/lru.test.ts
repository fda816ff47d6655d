import { describe, expect, it } from 'vitest';
import { Lru } from './lru';
import { fullCatalog } from '../../../test/helpers/catalog';
import { Retriever } from './retrieve';
import { PHRASE_CACHE_MAX, phraseCacheSize, scan, type State } from './understand/clauses';
import { emptyQuery } from './understand/query';
import { tokenize } from './understand/text';

describe('Lru', () => {
  it('keeps at most max entries, dropping the least recently used', () => {
    const lru = new Lru<string, number>(3);
    lru.set('a', 1).set('b', 2).set('c', 3);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('d', 4);
    expect(lru.size).toBe(3);
    expect(lru.has('b')).toBe(false);
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.get('d')).toBe(4);
  });

  it('keeps a cached null (a miss remembered) apart from an absent key', () => {
    const lru = new Lru<string, number | null>(2);
    lru.set('x', null);
    expect(lru.has('x')).toBe(true);
    expect(lru.get('x')).toBeNull();
    expect(lru.get('y')).toBeUndefined();
  });

  it('replacing a key does not grow it', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1).set('a', 2).set('b', 3);
    expect(lru.size).toBe(2);
    expect(lru.get('a')).toBe(2);
  });

  it('peek reads without refreshing, so the peeked entry is still the next to go', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.peek('a')).toBe(1);
    expect(lru.peek('z')).toBeUndefined();
    lru.set('c', 3);
    expect(lru.has('a')).toBe(false);
    expect(lru.peek('b')).toBe(2);
    expect(lru.size).toBe(2);
  });

  it('refuses a size below one', () => {
    expect(() => new Lru(0)).toThrow(RangeError);
  });
});

describe('the phrase-split cache', () => {
  it('stays bounded however many distinct phrases are scanned', () => {
    const toks = tokenize('a film about zorblax');
    const s = { toks, q: emptyQuery('en') } as unknown as State;
    for (let i = 0; i < PHRASE_CACHE_MAX + 500; i++) scan(s, [`phrase number ${i}`], () => {});
    expect(phraseCacheSize()).toBeLessThanOrEqual(PHRASE_CACHE_MAX);
    expect(phraseCacheSize()).toBeGreaterThan(0);
  });
});

describe('the ruled-out-theme caches of retrieval', () => {
  it('remember at most their bound of themes', async () => {
    const catalog = await fullCatalog();
    const byKeyword = new Map<string, Set<number>>();
    for (const m of catalog.popular)
      for (const k of m.keywords) {
        const ids = byKeyword.get(k) ?? new Set<number>();
        ids.add(m.id);
        byKeyword.set(k, ids);
      }
    const retriever = new Retriever(catalog, byKeyword, () => null, false, 3);
    const themes = ['zombie', 'shark', 'robot', 'vampire', 'heist', 'dog'];
    for (const t of themes) {
      const found = retriever.retrieve(
        { ...emptyQuery('en'), keywordsOut: [t] },
        { exclude: new Set(), seed: null, neighbours: null },
      );
      // The cache serves retrieval, not the other way round: the theme is still ruled out.
      for (const p of found.picks) expect(p.movie.keywords).not.toContain(t);
    }
    expect(retriever.cachedThemes().expanded).toBe(3);
  }, 120_000);
});
