import { describe, expect, it } from 'vitest';
import { ContentModel } from '../src/model/content';
import { movie } from './fixture';

// Decision 0067: a film's similarity is a weighted sum of per-field cosines, so one rare keyword
// shared by chance does not outweigh a film alike in its genres, its story and its other keywords.
const CRIME = 80;
const DRAMA = 18;
const seed = movie(1, {
  genre_ids: [CRIME, DRAMA],
  keywords: ['boxer', 'heist', 'gangster', 'betrayal', 'briefcase', 'diner', 'hitman', 'redemption'],
  overview:
    'Two hitmen and a gangster chase a stolen briefcase through the criminal underworld of Los Angeles.',
});
// Shares one rare keyword (the seed's boxer), nothing else: a boxing film.
const surface = movie(2, {
  genre_ids: [DRAMA],
  keywords: ['boxer', 'training', 'comeback'],
  overview: 'An ageing champion trains for one last fight.',
});
// Shares the seed's kind: its genres, common crime keywords and the words of its story.
const kin = movie(3, {
  genre_ids: [CRIME, DRAMA],
  keywords: ['gangster', 'heist'],
  overview: 'A gangster and two hitmen fall out over a heist in the criminal underworld.',
});
// Other films, so that "boxer" is rare and crime words are common, as in the real catalog.
const others = [
  ...Array.from({ length: 40 }, (_, i) =>
    movie(100 + i, {
      genre_ids: [i % 2 ? CRIME : DRAMA],
      keywords: i % 2 ? ['gangster', 'heist', `k${i}`] : ['family', `k${i}`],
      overview: i % 2 ? 'A gangster plans a heist in the criminal underworld.' : 'A family drama.',
    }),
  ),
  movie(200, { genre_ids: [DRAMA], keywords: ['boxer'], overview: 'A boxer.' }),
];
const films = [seed, surface, kin, ...others];

describe('content similarity by field', () => {
  it('ranks a film of the same kind above one that shares a single rare keyword', () => {
    const sims = new ContentModel(films).similarities(0);
    expect(sims[2]!).toBeGreaterThan(sims[1]!);
  });

  it('(one TF-IDF vector over every field ranks them the other way: the case the fields are for)', () => {
    const sims = new ContentModel(films, { fields: false }).similarities(0);
    expect(sims[1]!).toBeGreaterThan(sims[2]!);
  });

  it('a term every film of the model has (Documentary among documentaries) leaves the vectors finite', () => {
    const docs = [0, 1, 2, 3].map((i) =>
      movie(10 + i, {
        genre_ids: [99],
        keywords: ['chess', `k${i % 2}`],
        overview: 'A portrait of a chess player.',
      }),
    );
    const sims = new ContentModel(docs).similarities(0);
    expect([...sims].every(Number.isFinite)).toBe(true);
    expect(sims[2]!).toBeGreaterThan(0); // the film with the same second keyword
  });
});

describe('where a film was made (decision 0073)', () => {
  // A Mexican crime drama; two otherwise equal candidates, one Mexican, one Spanish, both in
  // Spanish; and films from elsewhere, so that neither country is common.
  const base = { genre_ids: [CRIME, DRAMA], original_language: 'es', keywords: ['dog fight', 'car crash'] };
  const films = [
    movie(1, { ...base, production_countries: ['MX'], overview: 'Three lives collide after a car crash.' }),
    movie(2, { ...base, production_countries: ['MX'], overview: 'A family is torn apart by a crash.' }),
    movie(3, { ...base, production_countries: ['ES'], overview: 'A family is torn apart by a crash.' }),
    ...Array.from({ length: 30 }, (_, i) =>
      movie(100 + i, {
        genre_ids: [DRAMA],
        production_countries: [i % 2 ? 'FR' : 'IT'],
        overview: `Story ${i}.`,
      }),
    ),
    movie(200, { genre_ids: [DRAMA], production_countries: ['ES'], overview: 'Another story.' }),
    movie(201, { genre_ids: [DRAMA], production_countries: ['MX'], overview: 'Another story again.' }),
  ];

  it('brings a film of the same country closer than one of the same language elsewhere', () => {
    const sims = new ContentModel(films).similarities(0);
    expect(sims[1]!).toBeGreaterThan(sims[2]!);
  });
});

describe('a country most films have (decision 0073)', () => {
  it('says nothing: a film of it is as close as one of no known country', () => {
    const story = { genre_ids: [CRIME], keywords: ['heist', 'vault'], overview: 'A crew robs a vault.' };
    const films = [
      movie(1, { ...story, production_countries: ['US'] }),
      movie(2, { ...story, production_countries: ['US'] }),
      movie(3, { ...story, production_countries: [] }),
      // The US on most films, as in the catalog (more than the 50 films a term must pass to be common).
      ...Array.from({ length: 80 }, (_, i) =>
        movie(100 + i, { genre_ids: [DRAMA], production_countries: ['US'], overview: `Story ${i}.` }),
      ),
    ];
    const sims = new ContentModel(films).similarities(0);
    expect(sims[1]!).toBeGreaterThan(0);
    expect(sims[1]!).toBeCloseTo(sims[2]!, 12);
  });
});

describe("the documentaries' single vector (decisions 0055, 0073)", () => {
  it('has no country terms: a shared country brings two documentaries no closer', () => {
    const doc = (id: number, countries: string[]) =>
      movie(id, {
        genre_ids: [99],
        keywords: ['ocean'],
        overview: 'Whales cross the ocean.',
        production_countries: countries,
      });
    const others = Array.from({ length: 20 }, (_, i) =>
      movie(100 + i, {
        genre_ids: [99],
        production_countries: [i % 2 ? 'FR' : 'DE'],
        overview: `Subject ${i}.`,
      }),
    );
    const films = [doc(1, ['NZ']), doc(2, ['NZ']), doc(3, ['JP']), ...others];
    const sims = new ContentModel(films, { fields: false }).similarities(0);
    expect(sims[1]!).toBeGreaterThan(0);
    expect(sims[1]!).toBeCloseTo(sims[2]!, 12);
  });
});
