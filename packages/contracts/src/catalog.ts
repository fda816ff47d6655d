import { z } from 'zod';
import { PositiveIntId } from './common';

/** TMDB's paging: 1-based, at most 500 pages. */
export const PageQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(500, { error: 'page must be at most 500' })
    .default(1),
});

export const SEARCH_QUERY_MAX = 200;

export const SearchQuery = PageQuery.extend({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, { error: 'query must not be empty' })
    .max(SEARCH_QUERY_MAX, { error: `query must be at most ${SEARCH_QUERY_MAX} characters` }),
});

export const DiscoverQuery = PageQuery.extend({
  with_genres: z
    .string()
    .regex(/^\d+([,|]\d+)*$/, { error: 'with_genres must be genre ids separated by , or |' })
    .optional(),
  sort_by: z.string().max(50).optional(),
});

export const MovieIdParams = z.object({ id: PositiveIntId });
export const PersonIdParams = z.object({ id: PositiveIntId });

const Genre = z.object({ id: z.number(), name: z.string() });
const Company = z.looseObject({ id: z.number(), name: z.string() });

/** A movie in a TMDB list (popular, search, discover...). Loose: TMDB adds fields over time. */
export const MovieListItem = z
  .looseObject({
    id: z.number(),
    title: z.string().optional(),
    name: z.string().optional(),
    original_title: z.string().optional(),
    overview: z.string().nullish(),
    poster_path: z.string().nullable().optional(),
    backdrop_path: z.string().nullable().optional(),
    release_date: z.string().optional(),
    vote_average: z.number().optional(),
    vote_count: z.number().optional(),
    popularity: z.number().optional(),
    genre_ids: z.array(z.number()).optional(),
  })
  .meta({ id: 'MovieListItem' });
export type MovieListItem = z.infer<typeof MovieListItem>;

export const MoviePage = z
  .looseObject({
    page: z.number(),
    results: z.array(MovieListItem),
    total_pages: z.number(),
    total_results: z.number(),
  })
  .meta({ id: 'MoviePage' });
export type MoviePage = z.infer<typeof MoviePage>;

export const MovieDetails = z
  .looseObject({
    id: z.number(),
    title: z.string(),
    original_title: z.string().optional(),
    overview: z.string().nullish(),
    poster_path: z.string().nullable(),
    backdrop_path: z.string().nullable(),
    release_date: z.string().optional(),
    runtime: z.number().nullable().optional(),
    vote_average: z.number(),
    vote_count: z.number().optional(),
    popularity: z.number().optional(),
    status: z.string().optional(),
    tagline: z.string().nullish(),
    genres: z.array(Genre),
    production_companies: z.array(Company),
  })
  .meta({ id: 'MovieDetails' });
export type MovieDetails = z.infer<typeof MovieDetails>;

export const CastMember = z.looseObject({
  id: z.number(),
  name: z.string(),
  character: z.string().nullish(),
  profile_path: z.string().nullable().optional(),
});

export const MovieCredits = z
  .looseObject({
    id: z.number(),
    cast: z.array(CastMember),
    crew: z.array(z.looseObject({ id: z.number() })),
  })
  .meta({ id: 'MovieCredits' });
export type MovieCredits = z.infer<typeof MovieCredits>;

export const PersonMovieCredits = z
  .looseObject({
    id: z.number(),
    cast: z.array(MovieListItem.and(z.looseObject({ character: z.string().nullish() }))),
    crew: z.array(z.looseObject({ id: z.number() })),
  })
  .meta({ id: 'PersonMovieCredits' });
export type PersonMovieCredits = z.infer<typeof PersonMovieCredits>;

export const ListKind = z.enum(['popular', 'top_rated', 'now_playing', 'trending']);
export type ListKind = z.infer<typeof ListKind>;
