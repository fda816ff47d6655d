import { DIARY_PAGE_SIZE, type YearInReview } from '@app/contracts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { MovieSource } from '../catalog/movie-source';
import type { DiaryRepository } from './diary.repository';
import type { LibraryReadCache } from './library-read-cache';
import type { LibraryRepository } from './library.repository';
import type { LibraryService } from './library.service';

export const DIARY_MESSAGES = {
  ratingCleared: 'Rating removed',
  notRated: 'You haven’t rated this movie',
  logged: 'Viewing logged',
  alreadyLogged: 'You already logged this movie on that day',
  futureDate: 'The date can’t be in the future',
  entryDeleted: 'Diary entry deleted',
  entryNotFound: 'Diary entry not found',
  notYourEntry: 'You don’t own this diary entry',
  entryUpdated: 'Diary entry updated',
  reviewNeedsRating: 'Rate the movie to write a review',
} as const;

/** What PATCH /diary/{id} may change (rating and review are the movie's: decision 0082). */
export interface EntryChanges {
  watched_on?: string;
  rewatch?: boolean;
  tags?: string[];
  rating?: number | null;
  review?: string | null;
}

/** The latest calendar date anywhere on Earth right now (UTC+14): later is "in the future" for everyone. */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

const pages = (total: number) => Math.max(1, Math.ceil(total / DIARY_PAGE_SIZE));

/** How many top entries the year in review lists per section. */
const TOP = 5;
/** How many catalog lookups the year in review makes at once (live mode: TMDB requests). */
const STATS_CONCURRENCY = 4;

/**
 * Ratings, the dated diary and the year in review. Logging a viewing also marks the movie watched
 * (one transaction); marking watched logs nothing; deleting the last viewing keeps watched
 * (decisions/0013).
 */
export class DiaryService {
  constructor(
    private readonly repo: DiaryRepository,
    private readonly library: LibraryRepository,
    private readonly libraryService: LibraryService,
    private readonly source: MovieSource,
    private readonly cache: LibraryReadCache | null = null,
  ) {}

  private async write<T>(userId: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } finally {
      await this.cache?.invalidate(userId);
    }
  }

  setRating(userId: string, tmdbId: number, rating: number, review?: string | null) {
    const text = review?.trim() ? review.trim() : null;
    return this.write(userId, () =>
      this.libraryService.withMovie(tmdbId, (trx) =>
        this.repo.upsertRating(trx, userId, tmdbId, rating, text),
      ),
    );
  }

  clearRating(userId: string, tmdbId: number) {
    return this.write(userId, async () => {
      if (!(await this.repo.deleteRating(userId, tmdbId))) throw new NotFoundError(DIARY_MESSAGES.notRated);
      return { message: DIARY_MESSAGES.ratingCleared };
    });
  }

  async rating(userId: string, tmdbId: number) {
    const r = await this.repo.findRating(userId, tmdbId);
    return {
      tmdb_id: tmdbId,
      rating: r?.rating ?? null,
      review: r?.review ?? null,
      updated_at: r?.updated_at ?? null,
    };
  }

  async ratings(userId: string, page: number) {
    const total = await this.repo.countRatings(userId);
    const results = await this.repo.listRatings(userId, DIARY_PAGE_SIZE, (page - 1) * DIARY_PAGE_SIZE);
    return { page, total_pages: pages(total), total_results: total, results };
  }

  /**
   * Logs a viewing (today in UTC without a date), marks the movie watched and takes it off the
   * watchlist, in one transaction (decision 0082: the answer says whether it was on it, so the
   * page's Undo can put it back).
   */
  logViewing(
    userId: string,
    tmdbId: number,
    watchedOn: string | undefined,
    rewatch = false,
    now = new Date(),
    tags: string[] = [],
  ) {
    const date = watchedOn ?? utcToday(now);
    if (date > latestToday(now)) throw new BadRequestError(DIARY_MESSAGES.futureDate);
    return this.write(userId, async () => {
      const done = await this.libraryService.withMovie(tmdbId, async (trx) => {
        const inserted = await this.repo.insertEntry(trx, userId, tmdbId, date, rewatch, tags);
        if (inserted === undefined) return undefined;
        await this.library.addWatchStatus(trx, userId, tmdbId, 'watched');
        const unlisted = await this.library.deleteWatchStatus(userId, tmdbId, 'want_to_watch', trx);
        return { id: inserted, unlisted };
      });
      if (done === undefined) throw new ConflictError(DIARY_MESSAGES.alreadyLogged);
      const [entry] = await this.repo.listEntries(userId, 1, 0, undefined, done.id);
      if (!entry) throw new NotFoundError(DIARY_MESSAGES.entryNotFound); // deleted in between
      return { message: DIARY_MESSAGES.logged, ...entry, removed_from_watchlist: done.unlisted };
    });
  }

  /**
   * Edits the user's entry: its day, rewatch and tags, and the movie's rating and review (one per
   * movie, as PUT /ratings), in one transaction. Someone else's entry is 404, as an unknown one:
   * an edit form has no reason to learn that an id exists.
   */
  updateEntry(userId: string, id: number, changes: EntryChanges, now = new Date()) {
    if (changes.watched_on !== undefined && changes.watched_on > latestToday(now))
      throw new BadRequestError(DIARY_MESSAGES.futureDate);
    const review =
      changes.review === undefined ? undefined : changes.review?.trim() ? changes.review.trim() : null;
    if (changes.rating === null && review) throw new BadRequestError(DIARY_MESSAGES.reviewNeedsRating);
    return this.write(userId, async () => {
      const entry = await this.repo.findOwnEntry(id, userId);
      if (!entry) throw new NotFoundError(DIARY_MESSAGES.entryNotFound);
      const day = changes.watched_on;
      if (
        day !== undefined &&
        day !== entry.watched_on &&
        (await this.repo.hasEntryOn(userId, entry.tmdb_id, day, id))
      )
        throw new ConflictError(DIARY_MESSAGES.alreadyLogged);
      const { watched_on, rewatch, tags } = changes;
      await this.libraryService.withMovie(entry.tmdb_id, async (trx) => {
        if (!(await this.repo.updateEntry(trx, id, userId, { watched_on, rewatch, tags })))
          throw new NotFoundError(DIARY_MESSAGES.entryNotFound); // deleted in between
        if (changes.rating === null) await this.repo.deleteRating(userId, entry.tmdb_id, trx);
        else if (changes.rating !== undefined || review !== undefined) {
          const held = await this.repo.findRating(userId, entry.tmdb_id, trx);
          const rating = changes.rating ?? held?.rating;
          if (rating === undefined) {
            if (review) throw new BadRequestError(DIARY_MESSAGES.reviewNeedsRating);
          } else
            await this.repo.upsertRating(
              trx,
              userId,
              entry.tmdb_id,
              rating,
              review === undefined ? (held?.review ?? null) : review,
            );
        }
      });
      const [updated] = await this.repo.listEntries(userId, 1, 0, undefined, id);
      if (!updated) throw new NotFoundError(DIARY_MESSAGES.entryNotFound);
      return { message: DIARY_MESSAGES.entryUpdated, ...updated };
    });
  }

  /** 404 for an unknown entry, 403 for someone else's (as playlists do). */
  deleteEntry(userId: string, id: number) {
    return this.write(userId, async () => {
      const owner = await this.repo.findEntryOwner(id);
      if (owner === undefined) throw new NotFoundError(DIARY_MESSAGES.entryNotFound);
      if (owner !== userId) throw new ForbiddenError(DIARY_MESSAGES.notYourEntry);
      const gone = await this.repo.deleteEntry(id, userId);
      if (!gone) throw new NotFoundError(DIARY_MESSAGES.entryNotFound);
      return { message: DIARY_MESSAGES.entryDeleted, ...gone };
    });
  }

  async diary(userId: string, page: number, tmdbId?: number) {
    const total = await this.repo.countEntries(userId, tmdbId);
    const results = await this.repo.listEntries(
      userId,
      DIARY_PAGE_SIZE,
      (page - 1) * DIARY_PAGE_SIZE,
      tmdbId,
    );
    return { page, total_pages: pages(total), total_results: total, results };
  }

  /** The year in review; catalog facts (runtime, genres, language) come from the movie source. */
  async yearInReview(userId: string, year?: number | 'all', now = new Date()): Promise<YearInReview> {
    const perYear = await this.repo.diaryYears(userId);
    // Without a year: the latest year that has entries (this year may not have any yet).
    const y = year === 'all' ? null : (year ?? perYear[0]?.year ?? now.getUTCFullYear());
    const entries = await this.repo.yearEntries(userId, y);
    const ids = [...new Set(entries.map((e) => e.tmdb_id))];
    // A movie the source cannot give (live TMDB down, a removed id) still counts, without its facts.
    // At most STATS_CONCURRENCY at a time: in live mode each is a TMDB request on the queue every
    // visitor shares, and an imported year can hold thousands of films.
    const facts = new Map<number, Awaited<ReturnType<MovieSource['movie']>> | null>();
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        facts.set(id, await this.source.movie(id).catch(() => null));
      }
    };
    await Promise.all(Array.from({ length: Math.min(STATS_CONCURRENCY, ids.length) }, worker));
    const perMonth = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: 0 }));
    let minutes = 0;
    for (const e of entries) {
      perMonth[e.month - 1]!.count++;
      minutes += facts.get(e.tmdb_id)?.runtime ?? 0;
    }
    const genres = new Map<string, number>();
    const decades = new Map<number, number>();
    const languages = new Map<string, number>();
    const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
    let withoutRuntime = 0;
    const firstOf = new Map(entries.map((e) => [e.tmdb_id, e]));
    for (const id of ids) {
      const f = facts.get(id);
      if (!f?.runtime) withoutRuntime++;
      for (const g of f?.genres ?? []) bump(genres, g.name);
      const released = f?.release_date || firstOf.get(id)?.release_date;
      const yr = released ? Number(released.slice(0, 4)) : NaN;
      if (Number.isFinite(yr) && yr > 0) bump(decades, Math.floor(yr / 10) * 10);
      const lang = (f as { original_language?: unknown } | null)?.original_language;
      if (typeof lang === 'string' && lang) bump(languages, lang);
    }
    const top = <K>(m: Map<K, number>) =>
      [...m].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]))).slice(0, TOP);
    const rated = [...firstOf.values()]
      .filter((e) => e.rating !== null)
      .sort((a, b) => b.rating! - a.rating! || a.title.localeCompare(b.title))
      .slice(0, TOP)
      .map((e) => ({
        tmdb_id: e.tmdb_id,
        title: e.title,
        poster_path: e.poster_path,
        release_date: e.release_date,
        rating: e.rating!,
      }));
    return {
      year: y,
      years: perYear.map((p) => p.year),
      per_year: [...perYear].reverse(),
      entries: entries.length,
      films: ids.length,
      rewatches: entries.filter((e) => e.rewatch).length,
      per_month: perMonth,
      minutes,
      without_runtime: withoutRuntime,
      genres: top(genres).map(([name, count]) => ({ name, count })),
      decades: top(decades).map(([decade, count]) => ({ decade, count })),
      languages: top(languages).map(([code, count]) => ({ code, count })),
      top_rated: rated,
    };
  }
}
