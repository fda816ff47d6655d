import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import {
  IMPORT_PREVIEW_LIMIT,
  type MovieListItem,
  type ImportCandidate,
  type ImportCommitBody,
  type ImportCounts,
  type ImportJob,
  type ImportPreview,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../lib/errors';
import type { MovieFactsRow } from '../library/library.repository';
import { filmKey, matchFilm, matchSearchHits, type FilmMatch } from './import-match';
import {
  letterboxdTags,
  parseUpload,
  type FilmRef,
  type ImportRecord,
  type ParsedImport,
} from './import-parse';
import {
  IMPORT_CHUNK,
  type HeldKeys,
  type PlannedDiary,
  type ImportKeys,
  type PlannedRating,
  type TransferRepository,
} from './transfer.repository';

/** How long a preview waits for its "Import" (then the file must be uploaded again). */
export const PREVIEW_TTL_MS = 30 * 60_000;
/**
 * What the previews waiting for their "Import" may hold together, in entries (a parsed entry is a
 * few hundred bytes): ten of the largest files (50,000 entries), or hundreds of ordinary ones.
 */
export const PREVIEW_BUDGET = 500_000;
/** How many previews may wait at once, whatever their size. */
export const PREVIEW_MAX = 1000;
/** How long to come back after when the previews are full. */
export const PREVIEW_RETRY_SECONDS = 60;

/** Live mode: at most this many films a preview could not match in the catalog are looked up on TMDB. */
export const LIVE_SEARCH_MAX = 100;
/** ...this many at a time (TMDB requests share the API's queue with every visitor's pages). */
const LIVE_SEARCH_CONCURRENCY = 4;

/** How long a finished job's result can still be read. */
export const JOB_TTL_MS = 60 * 60_000;

export const IMPORT_MESSAGES = {
  previewGone: 'This preview has expired or does not exist: upload the file again',
  notYourPreview: 'You don’t own this import',
  jobNotFound: 'Import not found',
  alreadyRunning: 'An import is already running for your account: wait for it to finish',
  failed: 'The import failed and nothing was written. Please try again.',
  badPick: 'A pick is not one of the candidates offered for that film',
  notUndoable: 'Only an import that finished can be undone',
  alreadyUndone: 'This import was already undone',
  busy: 'Too many imports are waiting to be confirmed right now: please try again in a minute',
  previewRunning: 'An upload is already being read for your account: wait for its preview',
  tooManyUploads: 'Too many uploads: please try again in a few minutes',
} as const;

interface FilmGroup {
  key: string;
  film: FilmRef;
  records: ImportRecord[];
  match: FilmMatch;
}

interface StoredPreview {
  id: string;
  userId: string;
  parsed: ParsedImport;
  groups: Map<string, FilmGroup>;
  /** Live mode: films found by a TMDB search (not in the catalog), by id. */
  found: Map<number, MovieListItem>;
  expiresAt: number;
}

export interface ImportServiceOptions {
  /** How much the waiting previews may hold (tests make it small). */
  previewBudget?: number;
  previewMax?: number;
  /** Live mode: TMDB's movie search (its first page), for the films the catalog does not have. */
  search?: (query: string) => Promise<MovieListItem[]>;
}

interface Job {
  id: string;
  userId: string;
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  planned: ImportCounts;
  added: ImportCounts | null;
  /** The keys the import added (its undo removes exactly these). */
  keys: ImportKeys | null;
  undone: boolean;
  message: string | null;
  startedAt: number;
  finishedAt: number | null;
  /** Resolves when the job has finished (tests and shutdown wait on it). */
  finished: Promise<void>;
}

/** Everything one import writes, after matching and picks. */
export interface ImportPlan {
  movies: number[];
  likes: number[];
  watched: number[];
  watchlist: number[];
  ratings: PlannedRating[];
  diary: PlannedDiary[];
  /** `existing`: the user already has a playlist of that name (the import adds to it). */
  lists: { name: string; ids: number[]; existing?: boolean }[];
}

/** What a plan writes, row by row (the job's progress counts these). */
export function planCounts(plan: ImportPlan): ImportCounts {
  return {
    likes: plan.likes.length,
    watched: plan.watched.length,
    watchlist: plan.watchlist.length,
    ratings: plan.ratings.length,
    diary: plan.diary.length,
    playlists: plan.lists.filter((l) => !l.existing).length,
    playlist_entries: plan.lists.reduce((n, l) => n + l.ids.length, 0),
  };
}

/**
 * The part of a plan the library does not hold yet: what the commit's `on conflict do nothing`
 * inserts would really add (an existing rating is kept, so a rated film is held).
 */
export function unheldPlan(plan: ImportPlan, held: HeldKeys): ImportPlan {
  return {
    movies: plan.movies,
    likes: plan.likes.filter((id) => !held.likes.has(id)),
    watched: plan.watched.filter((id) => !held.watched.has(id)),
    watchlist: plan.watchlist.filter((id) => !held.watchlist.has(id)),
    ratings: plan.ratings.filter((r) => !held.rated.has(r.tmdbId)),
    diary: plan.diary.filter((d) => !held.diary.has(`${d.tmdbId}|${d.watchedOn}`)),
    lists: plan.lists.flatMap((l) => {
      const films = held.playlists.get(l.name);
      if (!films) return [l];
      const ids = l.ids.filter((id) => !films.has(id));
      return ids.length ? [{ name: l.name, ids, existing: true }] : [];
    }),
  };
}

/** What a plan writes minus what `unheld` of it still writes: the rows the library already holds. */
function heldCounts(plan: ImportPlan, unheld: ImportPlan): ImportCounts {
  const all = planCounts(plan);
  const fresh = planCounts(unheld);
  return Object.fromEntries(
    Object.entries(all).map(([k, n]) => [k, n - fresh[k as keyof ImportCounts]]),
  ) as ImportCounts;
}

/**
 * Builds the writes from the records whose film resolved to a movie. A rated film is marked
 * watched (it was seen: decisions/0081). Ratings: a ratings file's
 * (Letterboxd ratings.csv, IMDb, Trakt) wins; otherwise the rating of the film's latest diary
 * entry. Diary: one entry per film and day; a viewing after the film's first one in the file is a
 * rewatch when the file does not say (Trakt's history).
 */
export function buildPlan(records: { record: ImportRecord; tmdbId: number }[]): ImportPlan {
  const parts: PlanParts = {
    likes: new Set(),
    watched: new Set(),
    watchlist: new Set(),
    explicit: new Map(),
    fromDiary: new Map(),
    diary: new Map(),
    lists: new Map(),
    reviews: new Map(),
  };
  for (const { record, tmdbId } of records) PLAN_BY_KIND[record.kind](parts, record, tmdbId);
  markRewatches(parts.diary.values());
  const ratings = new Map<number, PlannedRating>();
  for (const [id, r] of parts.fromDiary)
    ratings.set(id, { tmdbId: id, rating: r.rating, review: null, ratedOn: r.on });
  for (const [id, r] of parts.explicit) ratings.set(id, r);
  for (const [id, r] of ratings) r.review = parts.reviews.get(id) ?? null;
  const movies = new Set<number>(records.map((r) => r.tmdbId));
  return {
    movies: [...movies],
    likes: [...parts.likes],
    watched: [...parts.watched],
    watchlist: [...parts.watchlist],
    ratings: [...ratings.values()],
    diary: [...parts.diary.values()].map(({ tmdbId, watchedOn, rewatch, tags }) => ({
      tmdbId,
      watchedOn,
      rewatch,
      ...(tags?.length ? { tags } : {}),
    })),
    lists: [...parts.lists].map(([name, entries]) => ({ name, ids: listIds(entries) })),
  };
}

/** What `buildPlan` gathers from the records, before ratings are merged. */
interface PlanParts {
  likes: Set<number>;
  watched: Set<number>;
  watchlist: Set<number>;
  /** A ratings file's ratings (Letterboxd ratings.csv, IMDb, Trakt). */
  explicit: Map<number, PlannedRating>;
  /** The rating of each film's latest diary entry. */
  fromDiary: Map<number, PlannedRating & { on: string }>;
  /** One entry per film and day; `said`: the file says whether it is a rewatch. */
  diary: Map<string, PlannedDiary & { said: boolean }>;
  lists: Map<string, { pos: number; id: number }[]>;
  reviews: Map<number, string>;
}

/** What each kind of record adds to the plan. */
const PLAN_BY_KIND: Record<
  ImportRecord['kind'],
  (parts: PlanParts, r: ImportRecord, tmdbId: number) => void
> = {
  like: (parts, _r, tmdbId) => void parts.likes.add(tmdbId),
  watched: (parts, _r, tmdbId) => void parts.watched.add(tmdbId),
  watchlist: (parts, _r, tmdbId) => void parts.watchlist.add(tmdbId),
  rating: (parts, r, tmdbId) => {
    // A rated film has been seen, whatever the service (Letterboxd's ratings.csv, IMDb, Trakt).
    parts.watched.add(tmdbId);
    parts.explicit.set(tmdbId, { tmdbId, rating: r.rating!, review: null, ratedOn: r.ratedOn ?? null });
    if (r.review) parts.reviews.set(tmdbId, r.review);
  },
  diary: addDiaryEntry,
  list: (parts, r, tmdbId) => {
    let l = parts.lists.get(r.listName!);
    if (!l) parts.lists.set(r.listName!, (l = []));
    l.push({ pos: r.position ?? l.length + 1, id: tmdbId });
  },
};

/** A viewing: one diary entry per film and day, its rating kept when it is the film's latest. */
function addDiaryEntry(parts: PlanParts, r: ImportRecord, tmdbId: number): void {
  const key = `${tmdbId}|${r.watchedOn}`;
  const prev = parts.diary.get(key);
  const said = r.rewatch !== undefined && r.file.endsWith('.csv');
  parts.diary.set(key, {
    tmdbId,
    watchedOn: r.watchedOn!,
    rewatch: (prev?.rewatch ?? false) || (r.rewatch ?? false),
    said: (prev?.said ?? false) || said,
    // diary.csv and reviews.csv both list a reviewed viewing: its tags from either, once.
    tags: letterboxdTags([...(prev?.tags ?? []), ...(r.tags ?? [])].join(',')),
  });
  if (r.rating !== undefined) {
    const seen = parts.fromDiary.get(tmdbId);
    if (!seen || seen.on <= r.watchedOn!)
      parts.fromDiary.set(tmdbId, {
        tmdbId,
        rating: r.rating,
        review: null,
        ratedOn: r.watchedOn!,
        on: r.watchedOn!,
      });
  }
  if (r.review && r.review.length <= 2000) parts.reviews.set(tmdbId, r.review);
}

/** Rewatches the file did not mark: every viewing after a film's first. */
function markRewatches(diary: Iterable<PlannedDiary & { said: boolean }>): void {
  const byFilm = new Map<number, (PlannedDiary & { said: boolean })[]>();
  for (const e of diary) {
    const l = byFilm.get(e.tmdbId);
    if (l) l.push(e);
    else byFilm.set(e.tmdbId, [e]);
  }
  for (const entries of byFilm.values()) {
    entries.sort((a, b) => a.watchedOn.localeCompare(b.watchedOn));
    entries.forEach((e, i) => {
      if (!e.said && i > 0) e.rewatch = true;
    });
  }
}

/** A list's films in order of position, each once. */
function listIds(entries: { pos: number; id: number }[]): number[] {
  const seen = new Set<number>();
  const ids: number[] = [];
  for (const e of entries.sort((a, b) => a.pos - b.pos)) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    ids.push(e.id);
  }
  return ids;
}

function chunks<T>(items: T[], size = IMPORT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Import: upload → parse → match (a preview, nothing written) → commit as a background job that
 * writes everything in one transaction, reporting its progress. Previews and jobs live in this
 * process's memory (decisions/0014): a restart forgets them, and a job cut off by a restart
 * has written nothing (its transaction never committed).
 */
export class ImportService {
  /**
   * A preview holds the parsed file (a few MB for 50,000 rows), one per user (a newer one replaces
   * theirs). The store is bounded by what the previews hold, and a preview is never pushed out by
   * someone else's: when it is full a new upload is refused (503, try again) instead, so each
   * preview lasts its 30 minutes (decisions/0032).
   */
  private readonly previews: LRUCache<string, StoredPreview>;
  private readonly limits: { previewBudget: number; previewMax: number };
  private readonly search: ((query: string) => Promise<MovieListItem[]>) | null;
  private readonly latestPreview = new Map<string, string>();
  /** Jobs weigh what they remember for their undo: at most about 2 million keys in all. */
  private readonly jobs = new LRUCache<string, Job>({
    max: 1000,
    maxSize: 2_000_000,
    sizeCalculation: (j) =>
      1 +
      (j.keys
        ? j.keys.likes.length +
          j.keys.watched.length +
          j.keys.watchlist.length +
          j.keys.ratings.length +
          j.keys.diary.length +
          j.keys.playlists.length +
          j.keys.entries.reduce((n, e) => n + e.ids.length, 0)
        : 0),
    ttl: JOB_TTL_MS,
  });
  private readonly running = new Set<string>();
  /** Users whose upload is being read (live mode: up to LIVE_SEARCH_MAX TMDB searches): one each. */
  private readonly previewing = new Set<string>();

  constructor(
    private readonly repo: TransferRepository,
    private readonly catalog: CatalogIndex,
    /** A catalog movie's poster and backdrop paths as this deployment serves them. */
    private readonly images: (m: CatalogMovie) => {
      poster_path: string | null;
      backdrop_path: string | null;
    },
    private readonly log: FastifyBaseLogger,
    /** Called after an import committed or failed: the user's cached library reads must go. */
    private readonly onWrite: (userId: string) => void = () => {},
    options: ImportServiceOptions = {},
  ) {
    this.limits = {
      previewBudget: options.previewBudget ?? PREVIEW_BUDGET,
      previewMax: options.previewMax ?? PREVIEW_MAX,
    };
    this.search = options.search ?? null;
    this.previews = new LRUCache<string, StoredPreview>({
      max: this.limits.previewMax,
      maxSize: this.limits.previewBudget,
      sizeCalculation: (p) => 1 + p.parsed.records.length,
      ttl: PREVIEW_TTL_MS,
      // An expired or evicted preview is no one's latest any more (the map would otherwise grow).
      dispose: (p) => {
        if (this.latestPreview.get(p.userId) === p.id) this.latestPreview.delete(p.userId);
      },
    });
  }

  /** Whether the user has a job in memory (the job route's account check, see transfer.routes). */
  hasJob(userId: string): boolean {
    for (const j of this.jobs.values()) if (j.userId === userId) return true;
    return false;
  }

  private candidate(id: number, found?: Map<number, MovieListItem>): ImportCandidate | null {
    const m = this.catalog.get(id);
    if (!m) {
      const f = found?.get(id);
      if (!f) return null;
      const overview = f.overview ?? '';
      return {
        tmdb_id: f.id,
        title: f.title ?? f.original_title ?? '',
        year: f.release_date?.slice(0, 4) ?? '',
        poster_path: f.poster_path ?? null,
        overview: overview.length > 160 ? `${overview.slice(0, 157).trimEnd()}…` : overview,
      };
    }
    return {
      tmdb_id: m.id,
      title: m.title,
      year: m.release_date?.slice(0, 4) ?? '',
      poster_path: this.images(m).poster_path,
      overview: m.overview.length > 160 ? `${m.overview.slice(0, 157).trimEnd()}…` : m.overview,
    };
  }

  /**
   * Room for a user's new preview of `entries`, counting their own older one as gone (the new one
   * replaces it once accepted), after expired ones are dropped; another user's pending preview
   * never goes: without room, a 503 to retry (and the user's older preview is still there).
   */
  private checkRoom(userId: string, entries: number): void {
    this.previews.purgeStale();
    const olderId = this.latestPreview.get(userId);
    const older = olderId ? this.previews.peek(olderId) : undefined;
    const size = this.previews.size - (older ? 1 : 0);
    const used = this.previews.calculatedSize - (older ? 1 + older.parsed.records.length : 0);
    if (size >= this.limits.previewMax || used + 1 + entries > this.limits.previewBudget)
      throw new ServiceUnavailableError(IMPORT_MESSAGES.busy, PREVIEW_RETRY_SECONDS);
  }

  /**
   * Live mode: the films the catalog could not match are looked up on TMDB (title, then the same
   * rules of year), at most LIVE_SEARCH_MAX of them per preview; a failed search leaves the film
   * unmatched with the reason.
   */
  private async searchUnmatched(groups: FilmGroup[], found: Map<number, MovieListItem>): Promise<void> {
    const search = this.search;
    if (!search) return;
    const wanted = groups.filter((g) => g.match.status === 'unmatched' && g.film.title);
    for (const g of wanted.slice(LIVE_SEARCH_MAX))
      g.match = {
        status: 'unmatched',
        reason: `Not looked up on TMDB (at most ${LIVE_SEARCH_MAX} films of an import are)`,
      };
    const queue = wanted.slice(0, LIVE_SEARCH_MAX);
    const worker = async () => {
      for (let g = queue.shift(); g; g = queue.shift()) {
        try {
          const hits = (await search(g.film.title)).filter(
            (h): h is MovieListItem & { title: string } => typeof h.title === 'string',
          );
          const match = matchSearchHits(hits, g.film);
          const ids =
            match.status === 'matched'
              ? [match.tmdbId]
              : match.status === 'ambiguous'
                ? match.candidates
                : [];
          for (const id of ids)
            found.set(
              id,
              hits.find((h) => h.id === id)!,
            );
          g.match = match;
        } catch {
          g.match = {
            status: 'unmatched',
            reason: 'TMDB could not be reached to look it up: try again later',
          };
        }
      }
    };
    await Promise.all(Array.from({ length: LIVE_SEARCH_CONCURRENCY }, worker));
  }

  /** One preview in progress per user: a second concurrent upload is a 409 (the first goes on). */
  async preview(userId: string, bytes: Uint8Array, fileName: string): Promise<ImportPreview> {
    if (this.previewing.has(userId)) throw new ConflictError(IMPORT_MESSAGES.previewRunning);
    this.previewing.add(userId);
    try {
      return await this.readPreview(userId, bytes, fileName);
    } finally {
      this.previewing.delete(userId);
    }
  }

  private async readPreview(userId: string, bytes: Uint8Array, fileName: string): Promise<ImportPreview> {
    const parsed = parseUpload(bytes, fileName);
    const groups = new Map<string, FilmGroup>();
    for (const r of parsed.records) {
      const key = filmKey(r.film);
      let g = groups.get(key);
      if (!g)
        groups.set(key, (g = { key, film: r.film, records: [], match: { status: 'unmatched', reason: '' } }));
      g.records.push(r);
    }
    for (const g of groups.values()) g.match = matchFilm(this.catalog, g.film);
    const found = new Map<number, MovieListItem>();
    if (this.search) {
      // Refused before any TMDB request when there is no room; checked again after them.
      this.checkRoom(userId, parsed.records.length);
      await this.searchUnmatched([...groups.values()], found);
    }
    this.checkRoom(userId, parsed.records.length);
    // Accepted: the user's older preview goes now (a newer one replaces it).
    const older = this.latestPreview.get(userId);
    if (older) this.previews.delete(older);
    const id = randomUUID();
    const expiresAt = Date.now() + PREVIEW_TTL_MS;
    this.latestPreview.set(userId, id);
    this.previews.set(id, { id, userId, parsed, groups, found, expiresAt });

    const summary = (g: FilmGroup) => {
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
      };
    };
    const all = [...groups.values()];
    const matched = all.filter((g) => g.match.status === 'matched');
    const ambiguous = all.filter((g) => g.match.status === 'ambiguous');
    const unmatched = all.filter((g) => g.match.status === 'unmatched');
    const plan = buildPlan(
      matched.flatMap((g) =>
        g.records.map((record) => ({ record, tmdbId: (g.match as { tmdbId: number }).tmdbId })),
      ),
    );
    // Counted against the library: what it already holds is not new (a second run adds nothing).
    const fresh = unheldPlan(
      plan,
      await this.repo.held(
        userId,
        plan.lists.map((l) => l.name),
      ),
    );
    const newFilms = new Set<number>([
      ...fresh.likes,
      ...fresh.watched,
      ...fresh.watchlist,
      ...fresh.ratings.map((r) => r.tmdbId),
      ...fresh.diary.map((d) => d.tmdbId),
      ...fresh.lists.flatMap((l) => l.ids),
    ]);
    const inLibrary = (g: FilmGroup) => !newFilms.has((g.match as { tmdbId: number }).tmdbId);
    // Low confidence first: those are the ones worth a look.
    const rank = (g: FilmGroup) =>
      g.match.status === 'matched' && g.match.confidence === 'id'
        ? 2
        : g.match.status === 'matched' && g.match.confidence === 'title_year'
          ? 1
          : 0;
    return {
      preview_id: id,
      source: parsed.source,
      files: parsed.files,
      rows: new Set(parsed.records.map((r) => `${r.file}:${r.line}`)).size + parsed.skipped.length,
      films: groups.size,
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
        .slice(0, IMPORT_PREVIEW_LIMIT)
        .map((g) => {
          const m = g.match as Extract<FilmMatch, { status: 'matched' }>;
          return {
            ...summary(g),
            match: this.candidate(m.tmdbId, found)!,
            confidence: m.confidence,
            in_library: inLibrary(g),
          };
        }),
      ambiguous: ambiguous.slice(0, IMPORT_PREVIEW_LIMIT).map((g) => ({
        ...summary(g),
        candidates: (g.match as Extract<FilmMatch, { status: 'ambiguous' }>).candidates
          .map((c) => this.candidate(c, found))
          .filter((c): c is ImportCandidate => c !== null),
      })),
      unmatched: unmatched.slice(0, IMPORT_PREVIEW_LIMIT).map((g) => ({
        ...summary(g),
        reason: (g.match as Extract<FilmMatch, { status: 'unmatched' }>).reason,
      })),
      skipped: parsed.skipped.slice(0, IMPORT_PREVIEW_LIMIT),
      expires_at: new Date(expiresAt).toISOString(),
    };
  }

  /** The plan of a preview with the user's picks for its ambiguous films. */
  private resolve(p: StoredPreview, picks: ImportCommitBody['picks']): ImportPlan {
    const resolved: { record: ImportRecord; tmdbId: number }[] = [];
    for (const g of p.groups.values()) {
      let id: number | null = null;
      if (g.match.status === 'matched') id = g.match.tmdbId;
      else if (g.match.status === 'ambiguous') {
        const pick = picks[g.key];
        if (pick !== undefined && pick !== null) {
          if (!g.match.candidates.includes(pick)) throw new BadRequestError(IMPORT_MESSAGES.badPick);
          id = pick;
        }
      }
      if (id !== null) for (const record of g.records) resolved.push({ record, tmdbId: id });
    }
    return buildPlan(resolved);
  }

  private facts(id: number, found: Map<number, MovieListItem>): MovieFactsRow {
    const m = this.catalog.get(id);
    if (!m) {
      const f = found.get(id)!;
      return {
        tmdb_id: f.id,
        title: f.title ?? f.original_title ?? '',
        overview: f.overview ?? '',
        poster_path: f.poster_path ?? null,
        backdrop_path: f.backdrop_path ?? null,
        release_date: f.release_date || null,
        vote_average: f.vote_average ?? 0,
      };
    }
    return {
      tmdb_id: m.id,
      title: m.title,
      overview: m.overview ?? '',
      ...this.images(m),
      release_date: m.release_date || null,
      vote_average: m.vote_average,
    };
  }

  /** Starts writing a preview; answers at once with the job, which runs in the background. */
  start(userId: string, body: ImportCommitBody): ImportJob {
    const p = this.previews.get(body.preview_id);
    if (!p) throw new NotFoundError(IMPORT_MESSAGES.previewGone);
    if (p.userId !== userId) throw new ForbiddenError(IMPORT_MESSAGES.notYourPreview);
    if (this.running.has(userId)) throw new ConflictError(IMPORT_MESSAGES.alreadyRunning);
    const plan = this.resolve(p, body.picks);
    this.previews.delete(p.id);
    if (this.latestPreview.get(userId) === p.id) this.latestPreview.delete(userId);
    const planned = planCounts(plan);
    let finish!: () => void;
    const job: Job = {
      id: randomUUID(),
      userId,
      state: 'running',
      done: 0,
      total:
        plan.movies.length +
        planned.likes +
        planned.watched +
        planned.watchlist +
        planned.ratings +
        planned.diary +
        planned.playlist_entries,
      planned,
      added: null,
      keys: null,
      undone: false,
      message: null,
      startedAt: Date.now(),
      finishedAt: null,
      finished: new Promise<void>((r) => (finish = r)),
    };
    // No TTL while it runs (a long import must not poll as a 404); stored again with one when it ends.
    this.jobs.set(job.id, job, { ttl: 0 });
    this.running.add(userId);
    void this.run(job, plan, p.found).finally(() => {
      this.running.delete(userId);
      this.onWrite(userId);
      finish();
    });
    return this.view(job);
  }

  private async run(job: Job, plan: ImportPlan, found: Map<number, MovieListItem>): Promise<void> {
    const step = async (n: number) => {
      job.done += n;
      // Lets the progress requests in between the chunks.
      await yieldToLoop();
    };
    try {
      const keys = await this.repo.importTransaction(job.userId, async (trx) => {
        const k: ImportKeys = {
          likes: [],
          watched: [],
          watchlist: [],
          ratings: [],
          diary: [],
          playlists: [],
          entries: [],
        };
        for (const c of chunks(plan.movies)) {
          await this.repo.insertMovies(
            trx,
            c.map((id) => this.facts(id, found)),
          );
          await step(c.length);
        }
        for (const c of chunks(plan.likes)) {
          k.likes.push(...(await this.repo.insertLikes(trx, job.userId, c)));
          await step(c.length);
        }
        for (const c of chunks(plan.watched)) {
          k.watched.push(...(await this.repo.insertWatchStatus(trx, job.userId, c, 'watched')));
          await step(c.length);
        }
        for (const c of chunks(plan.watchlist)) {
          k.watchlist.push(...(await this.repo.insertWatchStatus(trx, job.userId, c, 'want_to_watch')));
          await step(c.length);
        }
        for (const c of chunks(plan.ratings)) {
          k.ratings.push(...(await this.repo.insertRatings(trx, job.userId, c)));
          await step(c.length);
        }
        for (const c of chunks(plan.diary)) {
          k.diary.push(...(await this.repo.insertDiary(trx, job.userId, c)));
          await step(c.length);
        }
        for (const list of plan.lists) {
          const { id, created } = await this.repo.playlistNamed(trx, job.userId, list.name);
          if (created) k.playlists.push(id);
          const entry = { playlistId: id, ids: [] as number[] };
          k.entries.push(entry);
          let offset = 0;
          for (const c of chunks(list.ids)) {
            entry.ids.push(...(await this.repo.addToPlaylist(trx, id, c, offset)));
            offset += c.length;
            await step(c.length);
          }
        }
        return k;
      });
      const added = {
        likes: keys.likes.length,
        watched: keys.watched.length,
        watchlist: keys.watchlist.length,
        ratings: keys.ratings.length,
        diary: keys.diary.length,
        playlists: keys.playlists.length,
        playlist_entries: keys.entries.reduce((n, e) => n + e.ids.length, 0),
      };
      job.keys = keys;
      job.added = added;
      job.state = 'done';
    } catch (err) {
      // Never the error itself: a constraint error's detail holds the failing row (the user's id,
      // their review, dates). Its code and constraint say what broke.
      const e = err as { code?: unknown; constraint?: unknown; name?: unknown };
      this.log.error(
        { job: job.id, code: e?.code, constraint: e?.constraint, error: e?.name },
        'import failed; its transaction was rolled back',
      );
      job.state = 'failed';
      job.message = IMPORT_MESSAGES.failed;
    } finally {
      job.finishedAt = Date.now();
      // Stored again: its size now counts its keys, and it is kept an hour from now.
      this.jobs.set(job.id, job);
    }
  }

  private view(job: Job): ImportJob {
    return {
      job_id: job.id,
      state: job.state,
      done: Math.min(job.done, job.total),
      total: job.total,
      added: job.added,
      undone: job.undone,
      planned: job.planned,
      message: job.message,
      started_at: new Date(job.startedAt).toISOString(),
      finished_at: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
      elapsed_ms: (job.finishedAt ?? Date.now()) - job.startedAt,
    };
  }

  /** A job's state, for its owner only. */
  job(userId: string, jobId: string): ImportJob {
    const job = this.jobs.get(jobId);
    if (!job) throw new NotFoundError(IMPORT_MESSAGES.jobNotFound);
    if (job.userId !== userId) throw new ForbiddenError(IMPORT_MESSAGES.notYourPreview);
    return this.view(job);
  }

  /**
   * Undoes a finished import: removes exactly the rows it added (what the library held before is
   * untouched), in one transaction. A playlist it created goes only if nothing else was added to it.
   */
  async undo(userId: string, jobId: string): Promise<ImportJob> {
    const job = this.jobs.get(jobId);
    if (!job) throw new NotFoundError(IMPORT_MESSAGES.jobNotFound);
    if (job.userId !== userId) throw new ForbiddenError(IMPORT_MESSAGES.notYourPreview);
    if (job.state !== 'done' || !job.keys) throw new ConflictError(IMPORT_MESSAGES.notUndoable);
    if (job.undone) throw new ConflictError(IMPORT_MESSAGES.alreadyUndone);
    if (this.running.has(userId)) throw new ConflictError(IMPORT_MESSAGES.alreadyRunning);
    this.running.add(userId);
    try {
      await this.repo.undoImport(userId, job.keys, new Date(job.finishedAt ?? Date.now()));
      job.undone = true;
    } finally {
      this.running.delete(userId);
      this.onWrite(userId);
    }
    return this.view(job);
  }

  /** Waits for a job to finish (tests; a graceful shutdown could too). */
  async settled(jobId: string): Promise<void> {
    await this.jobs.get(jobId)?.finished;
  }
}
