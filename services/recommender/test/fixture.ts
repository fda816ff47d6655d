import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG_VERSION, CatalogIndex, type CatalogFile, type CatalogMovie } from '@app/catalog';

export function movie(id: number, over: Partial<CatalogMovie> = {}): CatalogMovie {
  return {
    id,
    imdb_id: null,
    title: `Movie ${id}`,
    original_title: `Movie ${id}`,
    original_language: 'en',
    overview: '',
    tagline: '',
    release_date: '2000-01-01',
    status: 'Released',
    runtime: 100,
    budget: 0,
    revenue: 0,
    vote_average: 6,
    vote_count: 100,
    popularity: 1,
    poster_path: null,
    tmdb_poster_path: null,
    tmdb_backdrop_path: null,
    backdrop_path: '',
    genre_ids: [18],
    production_companies: [],
    production_countries: [],
    collection: null,
    keywords: [],
    ...over,
  };
}

export function catalogOf(movies: CatalogMovie[]): CatalogIndex {
  return new CatalogIndex(catalogFileOf(movies));
}

export function catalogFileOf(movies: CatalogMovie[]): CatalogFile {
  return {
    version: CATALOG_VERSION,
    built_at: '',
    source: { package: 'test', integrity: 'test' },
    stats: {
      rows: 0,
      kept: movies.length,
      malformed: 0,
      duplicates: 0,
      adult: 0,
      untitled: 0,
      obsolete_genre_refs: 0,
    },
    movies,
  };
}

/** A small catalog: three space films, two heist films, a lone western, and filler. */
export function smallCatalog(): CatalogIndex {
  return new CatalogIndex(smallCatalogFile());
}

export function smallCatalogFile(): CatalogFile {
  return catalogFileOf([
    movie(101, {
      title: 'Space One',
      genre_ids: [878],
      keywords: ['space', 'astronaut', 'wormhole'],
      overview: 'Astronauts cross a wormhole in deep space.',
      vote_average: 8.1,
    }),
    movie(102, {
      title: 'Space Two',
      genre_ids: [878],
      keywords: ['space', 'astronaut', 'black hole'],
      overview: 'Astronauts near a black hole in deep space.',
      vote_average: 7.2,
    }),
    movie(103, {
      title: 'Space Three',
      genre_ids: [878],
      keywords: ['space', 'robot'],
      overview: 'A robot drifts alone in deep space.',
      vote_average: 6.5,
    }),
    movie(201, {
      title: 'Heist One',
      genre_ids: [80],
      keywords: ['heist', 'bank', 'crew'],
      overview: 'A crew plans a bank heist.',
      vote_average: 7.5,
    }),
    movie(202, {
      title: 'Heist Two',
      genre_ids: [80],
      keywords: ['heist', 'casino', 'crew'],
      overview: 'A crew robs a casino in a heist.',
      vote_average: 6.9,
    }),
    movie(301, {
      title: 'Lone Western',
      genre_ids: [37],
      keywords: ['cowboy', 'desert'],
      overview: 'A cowboy rides the desert.',
    }),
    ...Array.from({ length: 10 }, (_, i) =>
      movie(400 + i, { genre_ids: [35], keywords: ['family', `k${i}`], overview: 'A family comedy.' }),
    ),
  ]);
}

/** A MovieLens-format folder whose movieIds differ from the tmdbIds (links.csv maps them). */
export function writeMovieLens(
  rows: [user: number, movieId: number, rating: number, ts: number][],
  links: [number, number | ''][],
): string {
  const dir = mkdtempSync(join(tmpdir(), 'ml-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'ratings.csv'),
    ['userId,movieId,rating,timestamp', ...rows.map((r) => r.join(','))].join('\n'),
  );
  writeFileSync(
    join(dir, 'links.csv'),
    ['movieId,imdbId,tmdbId', ...links.map(([m, t]) => `${m},0000001,${t}`)].join('\n'),
  );
  return dir;
}
