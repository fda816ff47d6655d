import type { CatalogMovie } from '@app/catalog';
import { describe, expect, it } from 'vitest';
import {
  audienceFactor,
  eraFactor,
  eraTolerance,
  genreOverlapFactor,
  kindGenre,
  mainGenre,
  SIMILAR,
} from '../src/model/similar';
import { makeRanker, sampledHubness } from '../src/train/build-model';
import { catalogOf, movie } from './fixture';

const year = (y: number) => `${y}-06-01`;

/** Served ids for `seedId` over a small catalog (content only, no hubness unless given). */
function listFor(movies: CatalogMovie[], seedId: number, k = 10): number[] {
  const { ranker, movies: ms, indexOf } = makeRanker({ catalog: catalogOf(movies) });
  return ranker.rank(indexOf.get(seedId)!, k).map(([j]) => ms[j]!.id);
}

/** Filler so that the shared words are not in every film (TF-IDF needs contrast). */
const filler = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) =>
    movie(from + i, { genre_ids: [35], keywords: [`filler${i}`, 'town'], overview: `Filler story ${i}.` }),
  );

describe('main genre', () => {
  it('is the genre that says the kind, not the broad one TMDB lists first', () => {
    // Oldboy, Psycho, The Godfather, Pan's Labyrinth, Paddington, The Lion King, a plain drama.
    expect(mainGenre(movie(1, { genre_ids: [18, 53, 9648, 28] }))).toBe(53);
    expect(mainGenre(movie(2, { genre_ids: [18, 27, 53] }))).toBe(27);
    expect(mainGenre(movie(3, { genre_ids: [18, 80] }))).toBe(80);
    expect(mainGenre(movie(4, { genre_ids: [14, 18, 10752] }))).toBe(14);
    expect(mainGenre(movie(5, { genre_ids: [10751, 35] }))).toBe(35);
    expect(mainGenre(movie(6, { genre_ids: [10751, 16, 18] }))).toBe(16);
    expect(mainGenre(movie(7, { genre_ids: [18] }))).toBe(18);
    expect(mainGenre(movie(8, { genre_ids: [] }))).toBeUndefined();
  });

  it("costs a candidate that lacks it, not one that lacks the seed's first, broad genre", () => {
    const seed = movie(1, { genre_ids: [18, 53] });
    const thriller = movie(2, { genre_ids: [53, 80] });
    const drama = movie(3, { genre_ids: [18] });
    expect(audienceFactor(seed, thriller)).toBe(1);
    expect(audienceFactor(seed, drama)).toBeCloseTo(SIMILAR.offMainGenre);
  });

  it('within animation and documentary, is the kind the film is of', () => {
    expect(kindGenre(movie(1, { genre_ids: [16, 14, 10751] }))).toBe(14);
    expect(kindGenre(movie(2, { genre_ids: [99, 10402] }))).toBe(10402);
    expect(kindGenre(movie(3, { genre_ids: [99] }))).toBe(99);
    expect(kindGenre(movie(4, { genre_ids: [18, 80] }))).toBe(mainGenre(movie(4, { genre_ids: [18, 80] })));
    const seed = movie(5, { genre_ids: [16, 878] });
    // Another animated film of its kind keeps everything; one of another kind, the main-genre share;
    // a live-action film of its kind, the audience share.
    expect(audienceFactor(seed, movie(6, { genre_ids: [878, 16] }))).toBe(1);
    expect(audienceFactor(seed, movie(7, { genre_ids: [16, 14] }))).toBeCloseTo(SIMILAR.offMainGenre);
    expect(audienceFactor(seed, movie(8, { genre_ids: [878] }))).toBeCloseTo(SIMILAR.offAudience);
  });

  it('costs a comedy after a seed that is not one, not after a comedy', () => {
    const crime = movie(1, { genre_ids: [18, 80] });
    const crimeComedy = movie(2, { genre_ids: [80, 35] });
    const crimeDrama = movie(3, { genre_ids: [80, 18] });
    expect(audienceFactor(crime, crimeComedy)).toBeCloseTo(SIMILAR.offComedy);
    expect(audienceFactor(crime, crimeDrama)).toBe(1);
    expect(audienceFactor(crimeComedy, movie(4, { genre_ids: [35, 80] }))).toBe(1);
  });
});

describe('era affinity', () => {
  it('is wide for recent seeds and narrower, but at least the minimum, for old ones', () => {
    expect(eraTolerance(2015)).toBeGreaterThan(eraTolerance(1975));
    expect(eraTolerance(1975)).toBeGreaterThan(eraTolerance(1927) - 1e-9);
    expect(eraTolerance(1927)).toBe(SIMILAR.eraMinTolerance);
    expect(eraFactor(1927, 1935)).toBe(1);
    expect(eraFactor(1927, 2005)).toBeLessThan(0.1);
    expect(eraFactor(2015, 1985)).toBe(1);
    expect(eraFactor(null, 2005)).toBe(1);
  });

  it('an old seed prefers films of its era over closer-worded modern ones', () => {
    const words = ['screwball', 'heiress', 'newspaper', 'romance'];
    const list = listFor(
      [
        movie(1, { release_date: year(1934), genre_ids: [35, 10749], keywords: words }),
        // The modern film shares every word; the old one only three.
        movie(2, { release_date: year(2006), genre_ids: [35, 10749], keywords: words }),
        movie(3, { release_date: year(1940), genre_ids: [35, 10749], keywords: words.slice(0, 3) }),
        ...filler(100, 20),
      ],
      1,
    );
    expect(list.indexOf(3)).toBeGreaterThanOrEqual(0);
    expect(list.indexOf(3)).toBeLessThan(list.indexOf(2));
  });

  it('a recent seed keeps the closer-worded film whatever its decade', () => {
    const words = ['heist', 'bank', 'crew', 'betrayal'];
    const list = listFor(
      [
        movie(1, { release_date: year(2012), genre_ids: [80], keywords: words }),
        movie(2, { release_date: year(1985), genre_ids: [80], keywords: words }),
        movie(3, { release_date: year(2010), genre_ids: [80], keywords: words.slice(0, 2) }),
        ...filler(100, 20),
      ],
      1,
    );
    expect(list.indexOf(2)).toBeLessThan(list.indexOf(3));
  });
});

describe('documentary is a kind', () => {
  const words = ['climate', 'ocean', 'science', 'interview'];
  const docs = Array.from({ length: SIMILAR.minDocumentaries + 2 }, (_, i) =>
    movie(10 + i, { genre_ids: [99], keywords: [...words.slice(0, 3), `doc${i}`] }),
  );
  const fiction = Array.from({ length: 5 }, (_, i) =>
    movie(50 + i, { genre_ids: [18], keywords: [...words, `drama${i}`] }),
  );
  const all = [
    movie(1, { genre_ids: [99], keywords: words }),
    movie(2, { genre_ids: [18], keywords: words }),
    ...docs,
    ...fiction,
    ...filler(100, 20),
  ];
  const isDoc = (id: number) => all.find((m) => m.id === id)!.genre_ids.includes(99);

  it('a documentary seed gets documentaries only when there are enough', () => {
    const list = listFor(all, 1);
    expect(list).toHaveLength(10);
    expect(list.every(isDoc)).toBe(true);
  });

  it('a documentary seed with too few documentaries around still gets a full list', () => {
    const few = all.filter((m) => !m.genre_ids.includes(99) || m.id < 13);
    const list = listFor(few, 1);
    expect(list.length).toBeGreaterThan(2);
    expect(list.some((id) => !isDoc(id))).toBe(true);
  });

  it('among documentaries, a concert film follows only a music documentary', () => {
    const political = movie(201, { genre_ids: [99] });
    const concert = movie(202, { genre_ids: [99, 10402] });
    const other = movie(203, { genre_ids: [99] });
    expect(audienceFactor(political, concert)).toBeLessThan(audienceFactor(political, other));
    expect(audienceFactor(concert, movie(204, { genre_ids: [99, 10402] }))).toBeGreaterThan(
      audienceFactor(concert, other),
    );
    // A musical fiction seed is not affected.
    const musical = movie(205, { genre_ids: [10402, 18] });
    expect(audienceFactor(musical, movie(206, { genre_ids: [18, 10402] }))).toBe(1);
  });

  it('a fiction seed gets no documentary', () => {
    const list = listFor(all, 2);
    expect(list.length).toBeGreaterThan(0);
    expect(list.some(isDoc)).toBe(false);
  });
});

describe('genre overlap (decision 0072)', () => {
  it('costs a candidate sharing less than half of the genres, most when it shares none', () => {
    // Crime, Drama, Thriller against the same: nothing lost; half shared (Jaccard 0.5): nothing lost.
    expect(genreOverlapFactor([80, 18, 53], [80, 18, 53])).toBe(1);
    expect(genreOverlapFactor([80, 18, 53], [80, 18])).toBeCloseTo(1);
    // One of four (Jaccard 0.25) keeps three quarters; none keeps the floor.
    expect(genreOverlapFactor([80, 18, 53], [80, 28])).toBeCloseTo(0.75);
    expect(genreOverlapFactor([80, 18], [35, 10749])).toBeCloseTo(SIMILAR.genreOverlapFloor);
    // A film of unknown genres is not judged by them.
    expect(genreOverlapFactor([80], [])).toBe(1);
  });

  it('ranks the candidate of the same kind above one with the same words and other genres', () => {
    const words = ['smuggler', 'harbour', 'detective', 'betrayal'];
    const list = listFor(
      [
        movie(1, { release_date: year(1995), genre_ids: [80, 18, 53], keywords: words }),
        // Both have the seed's main genre (Crime). The first has every word but three genres the
        // seed has not (Jaccard 1/6); the second has three of the words and two of the genres.
        movie(2, { release_date: year(1996), genre_ids: [80, 36, 37, 9648], keywords: words }),
        movie(3, { release_date: year(1996), genre_ids: [80, 18], keywords: words.slice(0, 3) }),
        ...filler(100, 20),
      ],
      1,
    );
    expect(list.indexOf(3)).toBe(0);
    expect(list.indexOf(2)).toBeGreaterThan(0);
  });
});

describe('genre overlap on collaborative evidence (decision 0072)', () => {
  it('damps a film liked by the same people that shares little of the seed kind', () => {
    // Nothing alike in words: the two candidates come only from the people who liked the seed.
    const films = [
      movie(1, { genre_ids: [80, 18, 53], keywords: ['docks'], overview: 'A longshoreman testifies.' }),
      movie(2, { genre_ids: [80, 28, 12, 14], keywords: ['dragon'], overview: 'A knight rides north.' }),
      movie(3, { genre_ids: [80, 18, 53], keywords: ['casino'], overview: 'A dealer counts cards.' }),
      // The genres so common that they match nothing: no content closeness at all, only people.
      ...Array.from({ length: 60 }, (_, i) =>
        movie(100 + i, { genre_ids: [80, 18, 53, 28, 12, 14], keywords: [`k${i}`], overview: `Plot ${i}.` }),
      ),
    ];
    // More people liked the seed and the far film (2) than the seed and the near one (3).
    const interactions = Array.from({ length: 16 }, (_, u) =>
      (u < 12 ? [1, 2, 3] : [1, 2]).map((item) => ({ user: u + 1, item, rating: 5, timestamp: 1_000 + u })),
    ).flat();
    const {
      ranker,
      movies: ms,
      indexOf,
    } = makeRanker({
      catalog: catalogOf(films),
      ratings: { path: '', interactions },
    });
    const list = ranker.rank(indexOf.get(1)!, 5).map(([j]) => ms[j]!.id);
    expect(list.indexOf(2)).toBeGreaterThanOrEqual(0);
    expect(list.indexOf(2)).toBeGreaterThan(list.indexOf(3));
  });
});

describe('audience', () => {
  it('pushes family picks down for a grown-up seed, more so for a mature one, and the reverse', () => {
    const crime = movie(1, { genre_ids: [80, 18] });
    const drama = movie(2, { genre_ids: [18] });
    const familyCrime = movie(3, { genre_ids: [80, 18, 10751] });
    const plainCrime = movie(4, { genre_ids: [80, 18] });
    expect(audienceFactor(crime, familyCrime)).toBeLessThan(audienceFactor(crime, plainCrime));
    expect(audienceFactor(crime, familyCrime)).toBeLessThan(
      audienceFactor(drama, movie(5, { genre_ids: [18, 10751] })),
    );
    const family = movie(6, { genre_ids: [10751, 12] });
    expect(audienceFactor(family, movie(7, { genre_ids: [10751, 12, 53] }))).toBeLessThan(
      audienceFactor(family, movie(8, { genre_ids: [10751, 12] })),
    );
  });

  it('a dark seed ranks the family film with the same words below the grown-up one', () => {
    const words = ['witch', 'curse', 'forest', 'revenge'];
    const list = listFor(
      [
        movie(1, { genre_ids: [14, 27], keywords: words }),
        movie(2, { genre_ids: [14, 27, 10751], keywords: words }),
        movie(3, { genre_ids: [14, 27], keywords: words.slice(0, 3) }),
        ...filler(100, 20),
      ],
      1,
    );
    expect(list.indexOf(3)).toBeLessThan(list.indexOf(2));
  });
});

describe('hubness', () => {
  it('damps a film that is near everything', () => {
    const words = ['space', 'astronaut', 'station'];
    const movies = [
      movie(1, { genre_ids: [878], keywords: words }),
      movie(2, { genre_ids: [878], keywords: words }),
      movie(3, { genre_ids: [878], keywords: words.slice(0, 2) }),
      ...filler(100, 20),
    ];
    const { ranker, indexOf } = makeRanker({ catalog: catalogOf(movies) });
    const seed = indexOf.get(1)!;
    const hubIdx = indexOf.get(2)!;
    const counts = new Int32Array(movies.length);
    counts[hubIdx] = 500;
    ranker.setHubness(counts);
    const damped = ranker.relevance(seed);
    const plain = ranker.relevance(seed, false);
    expect(damped.get(hubIdx)!).toBeLessThan(0.25 * plain.get(hubIdx)!);
    expect(damped.get(indexOf.get(3)!)).toBe(plain.get(indexOf.get(3)!));
    expect(ranker.rank(seed, 2)[0]![0]).toBe(indexOf.get(3)!);
  });

  it("counts appearances after seeds of the film's own kind for less than after other kinds", () => {
    // Six sci-fi seeds all near one sci-fi film (a hub of its kind), and six comedy seeds all
    // near one drama (a film that follows seeds of another kind).
    const movies = [
      ...Array.from({ length: 6 }, (_, i) =>
        movie(10 + i, { genre_ids: [878], keywords: ['space', `orbit${i}`] }),
      ),
      movie(1, { genre_ids: [878], keywords: ['space'] }),
      ...Array.from({ length: 6 }, (_, i) =>
        movie(30 + i, { genre_ids: [35], keywords: ['wedding', `party${i}`] }),
      ),
      movie(2, { genre_ids: [18], keywords: ['wedding'] }),
      ...filler(100, 20),
    ];
    const { ranker, indexOf } = makeRanker({ catalog: catalogOf(movies) });
    expect(ranker.hubWeight(indexOf.get(10)!, indexOf.get(1)!)).toBe(SIMILAR.kinHubShare);
    expect(ranker.hubWeight(indexOf.get(30)!, indexOf.get(2)!)).toBe(1);
    sampledHubness(ranker, movies.length, 1);
    const kin = ranker.hub![indexOf.get(1)!]!;
    const other = ranker.hub![indexOf.get(2)!]!;
    expect(other).toBeLessThan(1);
    expect(kin).toBeGreaterThan(other);
  });

  it('is counted without the era factor, which spares the seed franchise', () => {
    const saga = { id: 7, name: 'Saga' };
    const movies = [
      movie(1, { release_date: year(1930), collection: saga }),
      movie(2, { release_date: year(2010), collection: saga }),
      movie(3, { release_date: year(2010) }),
    ];
    const { ranker, indexOf } = makeRanker({ catalog: catalogOf(movies) });
    const old = indexOf.get(1)!;
    expect(ranker.eraOf(old, indexOf.get(2)!)).toBe(1);
    expect(ranker.eraOf(old, indexOf.get(3)!)).toBeLessThan(0.1);
  });
});

describe('franchises', () => {
  it("damps a later instalment of another franchise, not the seed's own nor a franchise's first film", () => {
    const words = ['hacker', 'simulation', 'rebellion', 'machines'];
    const matrix = { id: 900, name: 'Matrix Collection' };
    const movies = [
      movie(1, { release_date: year(2010), genre_ids: [878], keywords: words }),
      movie(2, { release_date: year(1999), genre_ids: [878], keywords: words, collection: matrix }),
      movie(3, { release_date: year(2003), genre_ids: [878], keywords: words, collection: matrix }),
      movie(4, { release_date: year(2005), genre_ids: [878], keywords: words }),
      ...filler(100, 20),
    ];
    const { ranker, indexOf } = makeRanker({ catalog: catalogOf(movies) });
    const rel = ranker.relevance(indexOf.get(1)!);
    const first = rel.get(indexOf.get(2)!)!;
    const sequel = rel.get(indexOf.get(3)!)!;
    const plain = rel.get(indexOf.get(4)!)!;
    expect(first).toBeGreaterThan(0);
    expect(sequel).toBeLessThan(0.6 * plain);
    // From inside the franchise the sequel is not damped.
    const own = ranker.relevance(indexOf.get(2)!);
    expect(own.get(indexOf.get(3)!)!).toBeGreaterThan(0.9 * own.get(indexOf.get(4)!)!);
  });
});
