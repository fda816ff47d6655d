import { z } from 'zod';
import { PositiveIntId } from './common';

/** Issue 16: half-star ratings with an optional review, a dated diary of viewings, a year in review. */

export const RATING_MIN = 0.5;
export const RATING_MAX = 5;
export const REVIEW_MAX = 2000;
/** Diary and rating lists come in pages of this many entries, newest first. */
export const DIARY_PAGE_SIZE = 50;
/** The earliest date a viewing can have (the first films; the table's check says the same). */
export const DIARY_EARLIEST = '1888-01-01';

export const RatingValue = z
  .number({ error: 'rating must be a number' })
  .min(RATING_MIN, { error: 'rating must be between 0.5 and 5' })
  .max(RATING_MAX, { error: 'rating must be between 0.5 and 5' })
  .refine((v) => Number.isInteger(v * 2), { error: 'rating must be in half stars (0.5, 1, 1.5 … 5)' });

/** PUT /ratings/{tmdb_id}: sets or replaces the rating; a blank or missing review clears it. */
export const RatingBody = z.object({
  rating: RatingValue,
  review: z
    .string({ error: 'review must be text' })
    .trim()
    .max(REVIEW_MAX, { error: `review must be at most ${REVIEW_MAX} characters` })
    .nullish(),
});

/** One movie's rating for the signed-in user; rating and review are null when it has none. */
export const RatingState = z
  .object({
    tmdb_id: z.number(),
    rating: z.number().nullable(),
    review: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'RatingState' });
export type RatingState = z.infer<typeof RatingState>;

const MovieCard = {
  tmdb_id: z.number(),
  title: z.string(),
  poster_path: z.string().nullable(),
  release_date: z.string().nullable(),
};

export const RatedMovie = z
  .object({
    ...MovieCard,
    rating: z.number(),
    review: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'RatedMovie' });
export type RatedMovie = z.infer<typeof RatedMovie>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    page: z.number(),
    total_pages: z.number(),
    total_results: z.number(),
    results: z.array(item),
  });

export const RatedMoviePage = page(RatedMovie).meta({ id: 'RatedMoviePage' });
export type RatedMoviePage = z.infer<typeof RatedMoviePage>;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date 'YYYY-MM-DD' that exists (no 2025-02-30), not before 1888. */
export const CalendarDate = z
  .string({ error: 'watched_on must be a date (YYYY-MM-DD)' })
  .regex(isoDate, { error: 'watched_on must be a date (YYYY-MM-DD)' })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    },
    { error: 'watched_on is not a real date' },
  )
  .refine((s) => s >= DIARY_EARLIEST, { error: 'watched_on must be in 1888 or later' });

/** Tags on a diary entry (decision 0082; the table's check says the same). */
export const DIARY_TAGS_MAX = 20;
export const DIARY_TAG_MAX = 50;

/** One tag: inner spaces collapsed, trimmed, 1–50 characters, no comma (Letterboxd's separator). */
export const DiaryTag = z
  .string({ error: 'each tag must be text' })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'a tag can’t be empty' })
      .max(DIARY_TAG_MAX, { error: `a tag must be at most ${DIARY_TAG_MAX} characters` })
      .refine((s) => !s.includes(','), { error: 'a tag can’t contain a comma' })
      .refine((s) => !/\p{Cc}/u.test(s), { error: 'a tag can’t contain control characters' }),
  );

/** Up to 20 tags; repeats (ignoring case) are kept once, in their first spelling. */
export const DiaryTags = z
  .array(DiaryTag, { error: 'tags must be a list of text' })
  .transform((tags) =>
    tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i),
  )
  .pipe(z.array(z.string()).max(DIARY_TAGS_MAX, { error: `at most ${DIARY_TAGS_MAX} tags` }));

/**
 * POST /diary: logs a viewing. Without watched_on, today (UTC). The web app always sends the
 * visitor's local date; the server refuses dates after today anywhere on Earth (UTC+14).
 */
export const DiaryBody = z.object({
  tmdb_id: z
    .number({ error: 'tmdb_id must be a number' })
    .int({ error: 'tmdb_id must be a whole number' })
    .positive({ error: 'tmdb_id must be a positive number' })
    .max(2_147_483_647, { error: 'tmdb_id is too large' }),
  watched_on: CalendarDate.optional(),
  rewatch: z.boolean({ error: 'rewatch must be true or false' }).optional(),
  tags: DiaryTags.optional(),
});

/**
 * PATCH /diary/{id}: edits an entry; only the fields sent change. rating and review are the
 * movie's (one per user and movie, as PUT /ratings): rating null removes the rating and its
 * review; a review needs a rating (sent, or already held).
 */
export const DiaryEntryPatch = z
  .object({
    watched_on: CalendarDate.optional(),
    rewatch: z.boolean({ error: 'rewatch must be true or false' }).optional(),
    tags: DiaryTags.optional(),
    rating: RatingValue.nullable().optional(),
    review: RatingBody.shape.review,
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'Send at least one of watched_on, rewatch, tags, rating or review',
  });
export type DiaryEntryPatch = z.input<typeof DiaryEntryPatch>;

export const DiaryEntry = z
  .object({
    id: z.number(),
    ...MovieCard,
    watched_on: z.string().describe('YYYY-MM-DD'),
    rewatch: z.boolean(),
    tags: z.array(z.string()),
    rating: z.number().nullable().describe("The user's current rating of the movie"),
    review: z.string().nullable().describe("The user's current review of the movie"),
    created_at: z.string(),
  })
  .meta({ id: 'DiaryEntry' });
export type DiaryEntry = z.infer<typeof DiaryEntry>;

export const DiaryEntryCreated = DiaryEntry.extend({
  message: z.string(),
  removed_from_watchlist: z
    .boolean()
    .describe('Logging took the movie off the watchlist (POST /watch-status puts it back: undo)'),
});
export type DiaryEntryCreated = z.infer<typeof DiaryEntryCreated>;
export const DiaryEntryUpdated = DiaryEntry.extend({ message: z.string() });
/** A deleted entry: what it was, so that it can be logged again (undo). */
export const DiaryEntryDeleted = z.object({
  message: z.string(),
  tmdb_id: z.number(),
  watched_on: z.string(),
  rewatch: z.boolean(),
  tags: z.array(z.string()),
});

export const DiaryPage = page(DiaryEntry).meta({ id: 'DiaryPage' });
export type DiaryPage = z.infer<typeof DiaryPage>;

export const LibraryPageQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(10_000, { error: 'page must be at most 10000' })
    .default(1),
});
/** GET /diary: with tmdb_id, only that movie's viewings. */
export const DiaryQuery = LibraryPageQuery.extend({ tmdb_id: PositiveIntId.optional() });
export const DiaryEntryParams = z.object({ id: PositiveIntId });

/** GET /stats: a year, or "all" for all time; without, the latest year that has entries. */
export const StatsQuery = z.object({
  year: z
    .union(
      [
        z.literal('all'),
        z.coerce
          .number({ error: 'year must be a number' })
          .int({ error: 'year must be a whole number' })
          .min(1888, { error: 'year must be between 1888 and 2100' })
          .max(2100, { error: 'year must be between 1888 and 2100' }),
      ],
      { error: 'year must be a year between 1888 and 2100, or "all"' },
    )
    .optional(),
});

const Count = { count: z.number() };
/** The year in review (or all time): computed from the diary (viewings) and ratings, with catalog facts. */
export const YearInReview = z
  .object({
    year: z.number().nullable().describe('null: all time'),
    years: z.array(z.number()).describe('Years that have diary entries, newest first'),
    per_year: z
      .array(z.object({ year: z.number(), ...Count }))
      .describe('Viewings per year with entries, oldest first (all time)'),
    entries: z.number().describe('Viewings logged in the year'),
    films: z.number().describe('Distinct films watched in the year'),
    rewatches: z.number(),
    per_month: z.array(z.object({ month: z.number().describe('1–12'), ...Count })).length(12),
    minutes: z.number().describe('Sum of the catalog runtimes of every viewing'),
    without_runtime: z.number().describe('Films whose runtime the catalog does not know (not in minutes)'),
    genres: z.array(z.object({ name: z.string(), ...Count })).describe('Distinct films per genre, top 5'),
    decades: z
      .array(z.object({ decade: z.number(), ...Count }))
      .describe('Distinct films per release decade, top 5'),
    languages: z
      .array(z.object({ code: z.string(), ...Count }))
      .describe('Distinct films per original language (ISO 639-1), top 5'),
    top_rated: z
      .array(z.object({ ...MovieCard, rating: z.number() }))
      .describe('Films watched in the year, highest rated first, top 5'),
  })
  .meta({ id: 'YearInReview' });
export type YearInReview = z.infer<typeof YearInReview>;
