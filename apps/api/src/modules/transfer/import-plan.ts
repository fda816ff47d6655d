import type { ImportCounts } from '@app/contracts';
import { letterboxdTags, type ImportRecord } from './import-parse';
import type { HeldKeys, PlannedDiary, PlannedRating } from './transfer.repository';

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
export function heldCounts(plan: ImportPlan, unheld: ImportPlan): ImportCounts {
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
