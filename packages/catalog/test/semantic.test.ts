import type { CatalogMovie } from '@app/catalog';
import { describe, expect, it } from 'vitest';
import {
  deserializeSemantic,
  SemanticIndex,
  semanticWords,
  serializeSemantic,
  trainSemantic,
} from '../src/semantic';

let next = 1;
const film = (overview: string, keywords: string[] = [], genre_ids: number[] = [18]): CatalogMovie =>
  ({ id: next++, overview, tagline: '', keywords, genre_ids }) as unknown as CatalogMovie;

// Two worlds that never share words, each with words that always come together.
const corpus: CatalogMovie[] = [];
for (let i = 0; i < 12; i++) {
  corpus.push(
    film(`A railway journey aboard the night train through the mountains, station ${i}.`, [
      'train',
      'railway',
    ]),
  );
  corpus.push(
    film(`A submarine crew dives deep beneath the ocean waves, captain ${i}.`, ['submarine', 'ocean']),
  );
  corpus.push(
    film(`Two chefs cook in a busy restaurant kitchen, recipe ${i}.`, ['cooking', 'restaurant'], [35]),
  );
}

// Unrelated films, so that no theme word is in more than 15% of the catalog (such words are dropped).
const letters = (i: number) => String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26));
for (let i = 0; i < 60; i++) corpus.push(film(`unique plot qx${letters(i)} zv${letters(i)}`));

describe('semantic vectors trained from the catalog', () => {
  const index = new SemanticIndex(trainSemantic(corpus));

  it('brings words that share films together, so a message finds films that do not use its words', () => {
    // "railway" films only: a query with "station" (never a keyword) still ranks them first.
    const v = index.embed(['station'])!;
    const scores = corpus.map((m) => ({ m, s: index.score(v, m.id) })).sort((a, b) => b.s - a.s);
    expect(scores.slice(0, 10).every((x) => x.m.keywords.includes('train'))).toBe(true);
    expect(index.similarity(corpus[0]!.id, corpus[3]!.id)).toBeGreaterThan(
      index.similarity(corpus[0]!.id, corpus[1]!.id),
    );
  });

  it('scores many films at once with exactly the figures of one at a time (0 for a film it lacks)', () => {
    const ids = [...corpus.slice(0, 20).map((m) => m.id), 99_999];
    const rows = index.rowsOf(ids);
    expect(rows.at(-1)).toBe(-1);
    const v = index.embed(['railway'])!;
    const many = index.scoresAt(v, rows);
    expect([...many]).toEqual(ids.map((id) => index.score(v, id)));
    expect(many.at(-1)).toBe(0);
    expect(new Set(many).size).toBeGreaterThan(2);
    const a = corpus[0]!.id;
    expect([...index.similaritiesAt(a, rows)]).toEqual(ids.map((id) => index.similarity(a, id)));
    expect([...index.similaritiesAt(99_999, rows)]).toEqual(ids.map(() => 0));
  });

  it('knows the words of its corpus and nothing else', () => {
    expect(index.knows('submarines')).toBe(true);
    expect(index.knows('zorblax')).toBe(false);
    expect(index.embed(['zorblax'])).toBeNull();
  });

  it('is compact: Int8 vectors of 128 dimensions', () => {
    expect(index.bytes).toBeLessThan(
      corpus.length * 128 + index.words * 128 + index.words * 4 + corpus.length * 4 + 1,
    );
  });

  it('round-trips through its cache file, and refuses a file made for another catalog', () => {
    const parts = trainSemantic(corpus);
    const buf = serializeSemantic(parts, 'catalog-a');
    const back = deserializeSemantic(buf, 'catalog-a')!;
    expect(Array.from(back.movieVectors)).toEqual(Array.from(parts.movieVectors));
    expect(back.words).toEqual(parts.words);
    expect(deserializeSemantic(buf, 'catalog-b')).toBeNull();
    expect(deserializeSemantic(buf.subarray(0, buf.length - 3), 'catalog-a')).toBeNull();
  });

  it('reads the same words from the catalog and from messages', () => {
    expect(semanticWords('The Trains, and a Café!')).toEqual(['train', 'cafe']);
  });
});
