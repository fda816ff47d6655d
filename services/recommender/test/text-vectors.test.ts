import { describe, expect, it } from 'vitest';
import { ContentModel } from '../src/model/content';
import { RescoredContent, RESCORED } from '../src/model/text-vectors';
import { smallCatalog } from './fixture';

describe(RescoredContent.name, () => {
  const movies = [...smallCatalog().byId.values()];
  const tfidf = new ContentModel(movies);
  const seed = movies.findIndex((m) => m.id === 101);

  it('with no vector share it is TF-IDF scaled by its best candidate', () => {
    const plain = tfidf.similarities(seed);
    const max = Math.max(...plain);
    const rescored = new RescoredContent(movies, tfidf, 0).similarities(seed);
    plain.forEach((v, j) => expect(rescored[j]).toBeCloseTo(v / max, 9));
  });

  it('re-scores only the films TF-IDF found: vectors never add a candidate, and the seed stays 0', () => {
    const plain = tfidf.similarities(seed);
    const rescored = new RescoredContent(movies, tfidf, 0.5).similarities(seed);
    expect(RESCORED).toBeGreaterThan(movies.length);
    rescored.forEach((v, j) => {
      if (plain[j] === 0) expect(v).toBe(0);
      else expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThanOrEqual(1);
    });
    expect(rescored[seed]).toBe(0);
    // The other space films stay the nearest.
    const order = [...rescored.keys()].sort((a, b) => rescored[b]! - rescored[a]!);
    expect(
      order
        .slice(0, 2)
        .map((j) => movies[j]!.id)
        .sort(),
    ).toEqual([102, 103]);
  });
});
