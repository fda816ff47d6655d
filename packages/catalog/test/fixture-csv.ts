import { buildCatalogFromCsv } from '../src/build';
import type { CatalogFile } from '../src/types';

/** A tiny movies_metadata.csv with the dataset's real quirks, for the builder and index tests. */
export const HEADER =
  'adult,belongs_to_collection,budget,genres,homepage,id,imdb_id,original_language,original_title,overview,popularity,poster_path,production_companies,production_countries,release_date,revenue,runtime,spoken_languages,status,tagline,title,video,vote_average,vote_count';

export interface Row {
  id: string | number;
  title?: string;
  original_title?: string;
  genres?: string;
  adult?: string;
  release_date?: string;
  status?: string;
  popularity?: number;
  vote_average?: number;
  vote_count?: number;
  poster_path?: string;
  companies?: string;
  countries?: string;
  collection?: string;
  runtime?: string;
  overview?: string;
}

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

export function row(r: Row): string {
  return [
    r.adult ?? 'False',
    q(r.collection ?? ''),
    '1000',
    q(r.genres ?? "[{'id': 18, 'name': 'Drama'}]"),
    '',
    String(r.id),
    'tt0000001',
    'en',
    q(r.original_title ?? r.title ?? ''),
    q(r.overview ?? 'An overview.'),
    String(r.popularity ?? 1),
    r.poster_path ?? '/abc.jpg',
    q(r.companies ?? "[{'name': 'Studio', 'id': 7}]"),
    q(r.countries ?? "[{'iso_3166_1': 'US', 'name': 'United States of America'}]"),
    r.release_date ?? '2000-01-01',
    '0',
    r.runtime ?? '100.0',
    q("[{'iso_639_1': 'en', 'name': 'English'}]"),
    r.status ?? 'Released',
    '',
    r.title === undefined ? 'Untitled' : q(r.title),
    'False',
    String(r.vote_average ?? 6),
    String(r.vote_count ?? 10),
  ].join(',');
}

export const csv = (rows: Row[]) => [HEADER, ...rows.map(row)].join('\n');

/** A catalog file of these rows, as the builder makes it (no keywords, no lists). */
export function catalogFileOf(rows: Row[], head: Partial<CatalogFile> = {}): CatalogFile {
  const built = buildCatalogFromCsv(csv(rows), 'id,keywords\n');
  return {
    version: 1,
    built_at: '',
    source: { package: 'test', integrity: 'test' },
    stats: built.stats,
    movies: built.movies,
    ...head,
  };
}

/** Three real-looking films, for the synthetic catalogs made from them. */
export const THREE_FILMS: Row[] = [
  { id: 1, title: 'Interstellar', popularity: 30, vote_count: 11000, release_date: '2014-11-05' },
  { id: 3, title: 'The Godfather', popularity: 40, vote_count: 6000, release_date: '1972-03-14' },
  { id: 5, title: 'New Blockbuster', popularity: 50, vote_count: 800, release_date: '2017-07-01' },
];
