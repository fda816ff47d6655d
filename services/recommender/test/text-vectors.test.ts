import { describe, expect, it } from 'vitest';
import { ContentModel } from '../src/model/content';
import { SIMILAR } from '../src/model/similar';
import { RescoredContent, RESCORED, servedContent } from '../src/model/text-vectors';
import { movie, smallCatalog } from './fixture';

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

describe('a documentary seed, from a model of documentaries', () => {
  // Globally "footage" is a documentary word and rare; "chess" is in many fiction films and common.
  // Among documentaries it is the other way round: "footage" says nothing, "chess" says the subject.
  const docs = [
    movie(1, { genre_ids: [99], keywords: ['footage', 'chess'] }),
    movie(2, { genre_ids: [99], keywords: ['chess', 'tournament'] }),
    movie(3, { genre_ids: [99], keywords: ['footage', 'ocean'] }),
    ...Array.from({ length: SIMILAR.minDocumentaries + 4 }, (_, i) =>
      movie(10 + i, { genre_ids: [99], keywords: ['footage', `subject${i}`] }),
    ),
  ];
  const fiction = Array.from({ length: 40 }, (_, i) =>
    movie(100 + i, { genre_ids: [18], keywords: [i % 2 ? 'chess' : 'drama', `plot${i}`] }),
  );
  const movies = [...docs, ...fiction];
  const isCandidate = () => true;
  const seed = 0;
  const at = (id: number) => movies.findIndex((m) => m.id === id);

  it('weighs a word by how rare it is among the films it is a model of', () => {
    const everyFilm = new ContentModel(movies).similarities(seed);
    expect(everyFilm[at(3)]).toBeGreaterThan(everyFilm[at(2)]!);
    const documentaries = new ContentModel(movies, {
      isCandidate: (m) => m.genre_ids.includes(99),
      within: (m) => m.genre_ids.includes(99),
    }).similarities(seed);
    expect(documentaries[at(2)]).toBeGreaterThan(documentaries[at(3)]!);
    // Only documentaries are its candidates.
    fiction.forEach((m) => expect(documentaries[at(m.id)]).toBe(0));
  });

  it('is what the served similarity gives a documentary, and a fiction seed keeps the model of every film', () => {
    const served = servedContent(movies, isCandidate);
    const sims = served.similarities(seed);
    expect(sims[at(2)]).toBeGreaterThan(sims[at(3)]!);
    fiction.forEach((m) => expect(sims[at(m.id)]).toBe(0));
    const fictionSeed = served.similarities(at(101));
    expect(fiction.some((m) => m.id !== 101 && fictionSeed[at(m.id)]! > 0)).toBe(true);
  });

  it('falls back to every film when too few documentaries are alike', () => {
    const few = [docs[0]!, docs[1]!, ...fiction];
    const i = (id: number) => few.findIndex((m) => m.id === id);
    const sims = servedContent(few, isCandidate).similarities(0);
    expect(sims[i(2)]).toBeGreaterThan(0);
    expect(fiction.some((m) => sims[i(m.id)]! > 0)).toBe(true);
  });
});
