import type { CatalogMovie } from '@app/catalog';
import type { FilmRef } from './import-parse';

/**
 * How sure a match is: by an id the file carries (`id`), by title and the same year
 * (`title_year`), by title and a year one off (`title_near_year`, release dates differ between
 * countries), or by title alone when the file has no year and only one film has it (`title`).
 */
export type MatchConfidence = 'id' | 'title_year' | 'title_near_year' | 'title';

/** What matching reads of a catalog film. */
export type MatchMovie = Pick<
  CatalogMovie,
  'id' | 'imdb_id' | 'title' | 'original_title' | 'release_date' | 'vote_count'
>;

/**
 * What matching reads of a catalog: the catalog itself, or the copy of its titles the import's
 * worker thread holds (import-worker.ts).
 */
export interface MatchCatalog {
  byId: { has(id: number): boolean; values(): IterableIterator<MatchMovie> };
}

export type FilmMatch =
  | { status: 'matched'; tmdbId: number; confidence: MatchConfidence }
  | { status: 'ambiguous'; candidates: number[] }
  | { status: 'unmatched'; reason: string };

/** At most this many candidates are offered for one ambiguous film. */
export const MAX_CANDIDATES = 6;

const foldAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** A title as matching sees it: case, accents, punctuation, '&'/'and' and a leading article do not count. */
export function normalizeTitle(title: string): string {
  return foldAccents(title.toLowerCase())
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|a|an) /, '');
}

interface TitleIndex {
  byImdb: Map<string, MatchMovie>;
  byTitle: Map<string, MatchMovie[]>;
}

/**
 * By the catalog's id map, an object of that catalog alone: a catalog reached through the view
 * that follows the sync (`CatalogHolder.view`, decision 0084) gets the index of the one served.
 */
const indexes = new WeakMap<object, TitleIndex>();

/** The catalog's IMDb ids and normalised titles (and original titles), built once per catalog. */
function titleIndex(catalog: MatchCatalog): TitleIndex {
  let idx = indexes.get(catalog.byId);
  if (idx) return idx;
  idx = { byImdb: new Map(), byTitle: new Map() };
  for (const m of catalog.byId.values()) {
    if (m.imdb_id) idx.byImdb.set(m.imdb_id, m);
    const keys = new Set([normalizeTitle(m.title), normalizeTitle(m.original_title)]);
    for (const k of keys) {
      if (!k) continue;
      const list = idx.byTitle.get(k);
      if (list) list.push(m);
      else idx.byTitle.set(k, [m]);
    }
  }
  indexes.set(catalog.byId, idx);
  return idx;
}

/** Builds the catalog's title index ahead of its first match (the import thread, given a catalog). */
export function indexTitles(catalog: MatchCatalog): void {
  titleIndex(catalog);
}

const releaseYear = (m: MatchMovie) => (m.release_date ? Number(m.release_date.slice(0, 4)) : null);
const byFame = (a: MatchMovie, b: MatchMovie) => b.vote_count - a.vote_count || a.id - b.id;

/** A film found by a TMDB search (live mode), as matching sees it. */
export interface SearchHit {
  id: number;
  title: string;
  original_title?: string | undefined;
  release_date?: string | undefined;
  vote_count?: number | undefined;
}

/**
 * Matches a file's film against a TMDB search's results by the same rules as the catalog: same
 * normalised title (or original title) and the same year, else a year one off; several are
 * ambiguous, better known first.
 */
export function matchSearchHits(hits: SearchHit[], film: FilmRef): FilmMatch {
  const key = normalizeTitle(film.title);
  const titled = hits.filter(
    (h) => normalizeTitle(h.title) === key || (h.original_title && normalizeTitle(h.original_title) === key),
  );
  const yearOf = (h: SearchHit) => (h.release_date ? Number(h.release_date.slice(0, 4)) : null);
  const fame = (a: SearchHit, b: SearchHit) => (b.vote_count ?? 0) - (a.vote_count ?? 0) || a.id - b.id;
  const pick = (ms: SearchHit[], confidence: MatchConfidence): FilmMatch | null => {
    if (ms.length === 1) return { status: 'matched', tmdbId: ms[0]!.id, confidence };
    if (ms.length > 1)
      return {
        status: 'ambiguous',
        candidates: [...ms]
          .sort(fame)
          .slice(0, MAX_CANDIDATES)
          .map((m) => m.id),
      };
    return null;
  };
  if (!key || titled.length === 0)
    return { status: 'unmatched', reason: 'No film with this title in the catalog or on TMDB' };
  if (film.year === null)
    return pick(titled, 'title') ?? { status: 'unmatched', reason: 'Not found on TMDB' };
  return (
    pick(
      titled.filter((h) => yearOf(h) === film.year),
      'title_year',
    ) ??
    pick(
      titled.filter((h) => {
        const y = yearOf(h);
        return y !== null && Math.abs(y - film.year!) === 1;
      }),
      'title_near_year',
    ) ?? {
      status: 'unmatched',
      reason: `No film with this title from ${film.year - 1}–${film.year + 1} in the catalog or on TMDB`,
    }
  );
}

/** Matches one film of a file to the catalog: ids first, then title and year. */
export function matchFilm(catalog: MatchCatalog, film: FilmRef): FilmMatch {
  const idx = titleIndex(catalog);
  if (film.tmdbId !== null && catalog.byId.has(film.tmdbId))
    return { status: 'matched', tmdbId: film.tmdbId, confidence: 'id' };
  if (film.imdbId) {
    const m = idx.byImdb.get(film.imdbId);
    if (m) return { status: 'matched', tmdbId: m.id, confidence: 'id' };
  }
  const key = normalizeTitle(film.title);
  const titled = key ? (idx.byTitle.get(key) ?? []) : [];
  if (titled.length === 0)
    return {
      status: 'unmatched',
      reason: film.title ? 'No film with this title in the catalog' : 'Not in the catalog',
    };
  if (film.year === null) {
    if (titled.length === 1) return { status: 'matched', tmdbId: titled[0]!.id, confidence: 'title' };
    return {
      status: 'ambiguous',
      candidates: [...titled]
        .sort(byFame)
        .slice(0, MAX_CANDIDATES)
        .map((m) => m.id),
    };
  }
  const same = titled.filter((m) => releaseYear(m) === film.year);
  if (same.length === 1) return { status: 'matched', tmdbId: same[0]!.id, confidence: 'title_year' };
  if (same.length > 1)
    return {
      status: 'ambiguous',
      candidates: same
        .sort(byFame)
        .slice(0, MAX_CANDIDATES)
        .map((m) => m.id),
    };
  const near = titled.filter((m) => {
    const y = releaseYear(m);
    return y !== null && Math.abs(y - film.year!) === 1;
  });
  if (near.length === 1) return { status: 'matched', tmdbId: near[0]!.id, confidence: 'title_near_year' };
  if (near.length > 1)
    return {
      status: 'ambiguous',
      candidates: near
        .sort(byFame)
        .slice(0, MAX_CANDIDATES)
        .map((m) => m.id),
    };
  return { status: 'unmatched', reason: `No film with this title from ${film.year - 1}–${film.year + 1}` };
}

/** The key that groups a file's rows about one film (its ids when it has them, else title and year). */
export function filmKey(film: FilmRef): string {
  if (film.tmdbId !== null) return `tmdb:${film.tmdbId}`;
  if (film.imdbId) return `imdb:${film.imdbId}`;
  return `title:${normalizeTitle(film.title)}|${film.year ?? ''}`;
}
