import { z } from 'zod';

/**
 * One item of the recommendation service's answer (`GET /recommend` on the service, and the API's
 * `GET /api/recommend`): a movie like the one asked for, its mean rating, and its similarity.
 */
export const Recommendation = z.object({
  tmdbId: z.number(),
  rating: z.number(),
  score: z.number(),
});
export type Recommendation = z.infer<typeof Recommendation>;

export const RecommendationList = z.array(Recommendation).meta({ id: 'Recommendations' });
export type RecommendationList = z.infer<typeof RecommendationList>;

export const RECOMMEND_TOP_N_MAX = 50;
export const RECOMMEND_TOP_N_DEFAULT = 10;

/** GET /api/recommend and /api/recommend/movies. */
export const RecommendQuery = z.object({
  tmdb_id: z.coerce
    .number({ error: 'tmdb_id must be a number' })
    .int()
    .positive({ error: 'tmdb_id must be a positive number' }),
  top_n: z.coerce
    .number()
    .int()
    .min(1, { error: `top_n must be from 1 to ${RECOMMEND_TOP_N_MAX}` })
    .max(RECOMMEND_TOP_N_MAX, { error: `top_n must be from 1 to ${RECOMMEND_TOP_N_MAX}` })
    .default(RECOMMEND_TOP_N_DEFAULT),
});
export type RecommendQuery = z.infer<typeof RecommendQuery>;

/** The movie page's list: with hide_seen=true (and the bearer token), without the user's hidden films. */
export const RecommendMoviesQuery = RecommendQuery.extend({
  hide_seen: z.stringbool({ error: 'hide_seen must be true or false' }).optional(),
});
export type RecommendMoviesQuery = z.infer<typeof RecommendMoviesQuery>;

/** A recommended movie, hydrated by the API (one request for a whole list). */
export const RecommendedMovie = z
  .object({
    id: z.number(),
    title: z.string(),
    poster_path: z.string().nullable(),
    vote_average: z.number(),
    release_date: z.string().optional(),
  })
  .meta({ id: 'RecommendedMovie' });
export type RecommendedMovie = z.infer<typeof RecommendedMovie>;

/** What in the user's library led to a "for you" pick. */
export const ForYouReason = z.object({
  /** The user's film that brought the pick; for `friend`, the pick itself. */
  tmdb_id: z.number(),
  title: z.string(),
  kind: z.enum(['like', 'watched', 'want_to_watch', 'playlist', 'rated', 'friend']),
  /** Popular lately with people, in the genre of this film of theirs (not one of its neighbours). */
  popular: z.literal(true).optional(),
  /**
   * `friend`: someone the user follows (accepted) loves the film (decision 0095): their username,
   * and their rating (4.5 or 5), or null when they liked it.
   */
  friend: z.object({ username: z.string(), rating: z.number().nullable() }).optional(),
});
export type ForYouReason = z.infer<typeof ForYouReason>;

export const FOR_YOU_LIMIT = 20;

export const ForYouResponse = z
  .object({ results: z.array(RecommendedMovie.extend({ because: ForYouReason })) })
  .meta({ id: 'ForYou' });
export type ForYouResponse = z.infer<typeof ForYouResponse>;

// The recommendation service's own HTTP API (services/recommender, plain node:http).

/** The service's `GET /recommend` query, as strings: `tmdb_id` and `top_n` are positive integers. */
export const RecommenderQuery = z.object({
  tmdb_id: z
    .string({ error: 'tmdb_id must be a positive integer' })
    .regex(/^[1-9]\d{0,9}$/, { error: 'tmdb_id must be a positive integer' }),
  top_n: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: `top_n must be an integer from 1 to ${RECOMMEND_TOP_N_MAX}` })
    .refine((n) => Number(n) <= RECOMMEND_TOP_N_MAX, {
      error: `top_n must be an integer from 1 to ${RECOMMEND_TOP_N_MAX}`,
    })
    .default(String(RECOMMEND_TOP_N_DEFAULT)),
});
export type RecommenderQuery = z.infer<typeof RecommenderQuery>;

/** Films a history may send to the service's `POST /recommend/user` (the newest are kept). */
export const RECOMMEND_USER_MAX_ITEMS = 2000;
/** Films `POST /recommend/user` may be asked to leave out (the API drops library films afterwards anyway). */
export const RECOMMEND_USER_MAX_EXCLUDE = 10_000;

/**
 * The service's `POST /recommend/user` body (bearer secret, like the API's internal signals): a
 * person's history, each film with what the signal says about taste (a like 1, want to watch 0.3,
 * a low rating negative) and when (Unix seconds), and films to leave out.
 */
export const RecommenderUserQuery = z.object({
  items: z
    .array(
      z.object({
        tmdbId: z.number({ error: 'items[].tmdbId must be a positive integer' }).int().positive(),
        weight: z
          .number({ error: 'items[].weight must be a number from -2 to 2' })
          .min(-2, { error: 'items[].weight must be a number from -2 to 2' })
          .max(2, { error: 'items[].weight must be a number from -2 to 2' }),
        timestamp: z.number({ error: 'items[].timestamp must be a number' }).finite().optional(),
      }),
      { error: 'items must be an array' },
    )
    .max(RECOMMEND_USER_MAX_ITEMS, { error: `items must have at most ${RECOMMEND_USER_MAX_ITEMS} films` }),
  top_n: z
    .number({ error: `top_n must be an integer from 1 to ${RECOMMEND_TOP_N_MAX}` })
    .int({ error: `top_n must be an integer from 1 to ${RECOMMEND_TOP_N_MAX}` })
    .min(1, { error: `top_n must be an integer from 1 to ${RECOMMEND_TOP_N_MAX}` })
    .max(RECOMMEND_TOP_N_MAX, { error: `top_n must be an integer from 1 to ${RECOMMEND_TOP_N_MAX}` })
    .default(20),
  exclude: z
    .array(z.number().int(), { error: 'exclude must be an array of tmdb ids' })
    .max(RECOMMEND_USER_MAX_EXCLUDE, {
      error: `exclude must have at most ${RECOMMEND_USER_MAX_EXCLUDE} films`,
    })
    .default([]),
});
export type RecommenderUserQuery = z.infer<typeof RecommenderUserQuery>;

/** One pick of `POST /recommend/user`: `because` is the history film that contributed most. */
export const RecommenderUserPick = z.object({
  tmdbId: z.number(),
  rating: z.number(),
  score: z.number(),
  because: z.number(),
  /** Brought by the popular-lately prior (its `because`: the person's recent film of its genre). */
  popular: z.boolean(),
});
export type RecommenderUserPick = z.infer<typeof RecommenderUserPick>;
export const RecommenderUserPicks = z.array(RecommenderUserPick);

/** The service's `GET /health`: 200 once a model is served (503 `{message}` until then). */
export const RecommenderHealth = z.object({ status: z.literal('ok'), model: z.string() });
export type RecommenderHealth = z.infer<typeof RecommenderHealth>;

/** The service's `GET /model`: what the served model is and how it was evaluated. */
export const RecommenderModelInfo = z.object({
  algorithm: z.string(),
  version: z.string(),
  trained_at: z.string(),
  items: z.number(),
  sources: z.unknown(),
  params: z.unknown(),
  evaluation: z.unknown(),
});
export type RecommenderModelInfo = z.infer<typeof RecommenderModelInfo>;

/**
 * `GET /api/internal/signals`: the library's implicit feedback, which the recommendation service
 * polls (bearer secret, ETag).
 */
export const SignalList = z
  .object({
    signals: z.array(
      z.object({
        user: z.string(),
        item: z.number(),
        timestamp: z.number(),
        kind: z.enum(['like', 'watched', 'want_to_watch', 'playlist', 'rated', 'diary']),
        /** A rated signal's half stars (0.5–5). */
        rating: z.number().optional(),
      }),
    ),
  })
  .meta({ id: 'Signals' });
export type SignalList = z.infer<typeof SignalList>;
