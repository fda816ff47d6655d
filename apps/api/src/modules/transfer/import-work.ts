import type { ImportCounts, MovieListItem } from '@app/contracts';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BadRequestError } from '../../lib/errors';
import { filmKey, matchFilm, type FilmMatch, type MatchCatalog, type MatchMovie } from './import-match';
import { parseUpload, type FilmRef, type ImportRecord, type ParsedImport } from './import-parse';
import { buildPlan, heldCounts, planCounts, unheldPlan, type ImportPlan } from './import-plan';
import type { HeldKeys } from './transfer.repository';

/**
 * The CPU-heavy part of an import, run in the import's worker thread (import-worker.ts, decision
 * 0090) so that an upload never stalls other requests: reading the file, matching its films, the
 * preview's counts, and, at commit, the plan. Plain functions of plain data: what crosses to and
 * from the thread is structured-cloned, and the large parts (a preview's groups, a plan) cross as
 * gzip-compressed JSON bytes, which the database stores as they are.
 */

export const BAD_PICK = 'A pick is not one of the candidates offered for that film';

export interface FilmGroup {
  key: string;
  film: FilmRef;
  records: ImportRecord[];
  match: FilmMatch;
}

/** The catalog's titles as the thread receives them: parallel arrays, one entry per film. */
export interface CatalogRows {
  generation: number;
  ids: Int32Array;
  imdb: (string | null)[];
  titles: string[];
  originals: string[];
  dates: (string | null)[];
  votes: Float64Array;
}

export function catalogFromRows(rows: CatalogRows): MatchCatalog {
  const byId = new Map<number, MatchMovie>();
  for (let i = 0; i < rows.titles.length; i++)
    byId.set(rows.ids[i]!, {
      id: rows.ids[i]!,
      imdb_id: rows.imdb[i] ?? null,
      title: rows.titles[i]!,
      original_title: rows.originals[i]!,
      release_date: rows.dates[i] ?? null,
      vote_count: rows.votes[i]!,
    });
  return { byId };
}

/** A file read and matched, kept in the thread until its preview is finished. */
export interface ReadFile {
  parsed: ParsedImport;
  groups: FilmGroup[];
}

export function readFile(catalog: MatchCatalog, bytes: Uint8Array, fileName: string): ReadFile {
  const parsed = parseUpload(bytes, fileName);
  const byKey = new Map<string, FilmGroup>();
  for (const r of parsed.records) {
    const key = filmKey(r.film);
    let g = byKey.get(key);
    if (!g)
      byKey.set(key, (g = { key, film: r.film, records: [], match: { status: 'unmatched', reason: '' } }));
    g.records.push(r);
  }
  const groups = [...byKey.values()];
  for (const g of groups) g.match = matchFilm(catalog, g.film);
  return { parsed, groups };
}

/** What the main thread needs of a read file before it finishes the preview. */
export function readSummary(file: ReadFile) {
  return {
    entries: file.parsed.records.length,
    unmatched: file.groups
      .filter((g) => g.match.status === 'unmatched' && g.film.title)
      .map((g) => ({ key: g.key, film: g.film })),
    listNames: [...new Set(file.parsed.records.filter((r) => r.kind === 'list').map((r) => r.listName!))],
  };
}

/** HeldKeys as plain arrays (what crosses to the thread). */
export interface HeldLists {
  likes: number[];
  watched: number[];
  watchlist: number[];
  rated: number[];
  diary: string[];
  playlists: [string, number[]][];
}

export function heldLists(h: HeldKeys): HeldLists {
  return {
    likes: [...h.likes],
    watched: [...h.watched],
    watchlist: [...h.watchlist],
    rated: [...h.rated],
    diary: [...h.diary],
    playlists: [...h.playlists].map(([name, ids]) => [name, [...ids]]),
  };
}

function heldKeys(h: HeldLists): HeldKeys {
  return {
    likes: new Set(h.likes),
    watched: new Set(h.watched),
    watchlist: new Set(h.watchlist),
    rated: new Set(h.rated),
    diary: new Set(h.diary),
    playlists: new Map(h.playlists.map(([name, ids]) => [name, new Set(ids)])),
  };
}

/** One film of a preview as the thread answers it (the main thread adds the catalog's details). */
export interface FilmSummary {
  key: string;
  title: string;
  year: number | null;
  rows: number;
  actions: {
    like: boolean;
    watched: boolean;
    watchlist: boolean;
    rating: number | null;
    diary: number;
    lists: string[];
  };
  match: FilmMatch;
  in_library: boolean;
}

function summary(g: FilmGroup, inLibrary: boolean): FilmSummary {
  const rating =
    [...g.records].reverse().find((r) => r.kind === 'rating')?.rating ??
    g.records.filter((r) => r.kind === 'diary' && r.rating !== undefined).at(-1)?.rating ??
    null;
  return {
    key: g.key,
    title: g.film.title || g.film.imdbId || `TMDB ${g.film.tmdbId}`,
    year: g.film.year,
    rows: new Set(g.records.map((r) => `${r.file}:${r.line}`)).size,
    actions: {
      like: g.records.some((r) => r.kind === 'like'),
      watched: g.records.some((r) => r.kind === 'watched' || r.kind === 'rating'),
      watchlist: g.records.some((r) => r.kind === 'watchlist'),
      rating,
      diary: new Set(g.records.filter((r) => r.kind === 'diary').map((r) => r.watchedOn)).size,
      lists: [...new Set(g.records.filter((r) => r.kind === 'list').map((r) => r.listName!))],
    },
    match: g.match,
    in_library: inLibrary,
  };
}

const matchedId = (g: FilmGroup) => (g.match as { tmdbId: number }).tmdbId;

/** Low confidence first: those are the ones worth a look. */
const rank = (g: FilmGroup) =>
  g.match.status === 'matched' && g.match.confidence === 'id'
    ? 2
    : g.match.status === 'matched' && g.match.confidence === 'title_year'
      ? 1
      : 0;

/** What the stored preview holds: everything a commit needs, gzip-compressed JSON. */
interface PreviewPayload {
  groups: FilmGroup[];
  /** Live mode: films a TMDB search found (not in the catalog). */
  found: MovieListItem[];
}

/**
 * The preview of a read file, counted against what the library holds, with the live searches'
 * matches (by film key) applied; and the payload to store for its commit.
 */
export function finishPreview(
  file: ReadFile,
  searched: [string, FilmMatch][],
  found: MovieListItem[],
  held: HeldLists,
  limit: number,
) {
  const bySearch = new Map(searched);
  for (const g of file.groups) {
    const m = bySearch.get(g.key);
    if (m) g.match = m;
  }
  const { parsed, groups } = file;
  const matched = groups.filter((g) => g.match.status === 'matched');
  const ambiguous = groups.filter((g) => g.match.status === 'ambiguous');
  const unmatched = groups.filter((g) => g.match.status === 'unmatched');
  const plan = buildPlan(
    matched.flatMap((g) => g.records.map((record) => ({ record, tmdbId: matchedId(g) }))),
  );
  // Counted against the library: what it already holds is not new (a second run adds nothing).
  const fresh = unheldPlan(plan, heldKeys(held));
  const newFilms = new Set<number>([
    ...fresh.likes,
    ...fresh.watched,
    ...fresh.watchlist,
    ...fresh.ratings.map((r) => r.tmdbId),
    ...fresh.diary.map((d) => d.tmdbId),
    ...fresh.lists.flatMap((l) => l.ids),
  ]);
  const inLibrary = (g: FilmGroup) => !newFilms.has(matchedId(g));
  const payload: PreviewPayload = { groups, found };
  return {
    source: parsed.source,
    files: parsed.files,
    rows: new Set(parsed.records.map((r) => `${r.file}:${r.line}`)).size + parsed.skipped.length,
    films: groups.length,
    counts: {
      matched: matched.length,
      low_confidence: matched.filter(
        (g) =>
          g.match.status === 'matched' &&
          (g.match.confidence === 'title_near_year' || g.match.confidence === 'title'),
      ).length,
      ambiguous: ambiguous.length,
      unmatched: unmatched.length,
      skipped_rows: parsed.skipped.length,
      already_in_library: matched.filter(inLibrary).length,
    },
    will_write: planCounts(fresh),
    already_held: heldCounts(plan, fresh),
    matched: [...matched]
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, limit)
      .map((g) => summary(g, inLibrary(g))),
    ambiguous: ambiguous.slice(0, limit).map((g) => summary(g, false)),
    unmatched: unmatched.slice(0, limit).map((g) => summary(g, false)),
    skipped: parsed.skipped.slice(0, limit),
    payload: new Uint8Array(gzipSync(JSON.stringify(payload), { level: 1 })),
  };
}

/** What a job writes: the plan, and the searched films' details (not in the catalog) it needs. */
export interface JobPlan {
  plan: ImportPlan;
  found: MovieListItem[];
}

/**
 * The plan of a stored preview with the user's picks for its ambiguous films (a pick that is not
 * one of the candidates is a 400), as the gzip-compressed JSON a job reads, and its counts.
 */
export function resolvePlan(payloadBytes: Uint8Array, picks: Record<string, number | null>) {
  const payload = JSON.parse(gunzipSync(payloadBytes).toString('utf8')) as PreviewPayload;
  const resolved: { record: ImportRecord; tmdbId: number }[] = [];
  for (const g of payload.groups) {
    let id: number | null = null;
    if (g.match.status === 'matched') id = g.match.tmdbId;
    else if (g.match.status === 'ambiguous') {
      const pick = picks[g.key];
      if (pick !== undefined && pick !== null) {
        if (!g.match.candidates.includes(pick)) throw new BadRequestError(BAD_PICK);
        id = pick;
      }
    }
    if (id !== null) for (const record of g.records) resolved.push({ record, tmdbId: id });
  }
  const plan = buildPlan(resolved);
  const movies = new Set(plan.movies);
  const job: JobPlan = { plan, found: payload.found.filter((f) => movies.has(f.id)) };
  const planned: ImportCounts = planCounts(plan);
  return {
    plan: new Uint8Array(gzipSync(JSON.stringify(job), { level: 1 })),
    planned,
    total:
      plan.movies.length +
      planned.likes +
      planned.watched +
      planned.watchlist +
      planned.ratings +
      planned.diary +
      planned.playlist_entries,
  };
}
