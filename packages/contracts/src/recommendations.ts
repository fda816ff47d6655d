import { z } from 'zod';

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
  tmdb_id: z.number(),
  title: z.string(),
  kind: z.enum(['like', 'watched', 'want_to_watch', 'playlist']),
});
export type ForYouReason = z.infer<typeof ForYouReason>;

export const FOR_YOU_LIMIT = 20;

export const ForYouResponse = z
  .object({ results: z.array(RecommendedMovie.extend({ because: ForYouReason })) })
  .meta({ id: 'ForYou' });
export type ForYouResponse = z.infer<typeof ForYouResponse>;
