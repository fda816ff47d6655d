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

/**
 * How a list may be ordered (TMDB's discover names). `vote_average.desc` ranks films with at least
 * `RATING_MIN_VOTES` votes first (offline) or only those (TMDB's discover), so one 10/10 vote does
 * not top the list.
 */
export const SortBy = z.enum(
  ['popularity.desc', 'vote_average.desc', 'primary_release_date.desc', 'primary_release_date.asc'],
  {
    error:
      "sort_by must be 'popularity.desc', 'vote_average.desc', 'primary_release_date.desc' or 'primary_release_date.asc'",
  },
);
export type SortBy = z.infer<typeof SortBy>;
export const RATING_MIN_VOTES = 50;

const ReleaseDateBound = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date (YYYY-MM-DD)` })
    .refine((d) => !Number.isNaN(Date.parse(d)), { error: `${name} must be a real date` })
    .optional();

/**
 * Order, release-date range and "hide what I've seen" for a list (genre, search, the four lists).
 * Applied by the server over the whole list before paging, so counts and pages are of the result.
 * `hide_seen=true` needs the bearer token: the user's settings say what is hidden.
 */
export const ListOptionsQuery = z.object({
  sort_by: SortBy.optional(),
  'primary_release_date.gte': ReleaseDateBound('primary_release_date.gte'),
  'primary_release_date.lte': ReleaseDateBound('primary_release_date.lte'),
  hide_seen: z
    .stringbool({ error: 'hide_seen must be true or false' })
    .optional()
    .meta({ description: "Leave out what the signed-in user's settings hide (needs the bearer token)" }),
});
export type ListOptionsQuery = z.infer<typeof ListOptionsQuery>;

/** A list's options as the movie sources take them. */
export interface ListOptions {
  sort_by?: SortBy | undefined;
  /** Inclusive release-date bounds, YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
  /** Movie ids to leave out (the user's hidden films); their number is answered as `hidden`. */
  exclude?: ReadonlySet<number> | undefined;
}

export const ListPageQuery = PageQuery.extend(ListOptionsQuery.shape);

export const SearchQuery = ListPageQuery.extend({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, { error: 'query must not be empty' })
    .max(SEARCH_QUERY_MAX, { error: `query must be at most ${SEARCH_QUERY_MAX} characters` }),
});

export const DiscoverQuery = ListPageQuery.extend({
  with_genres: z
    .string()
    .regex(/^\d+([,|]\d+)*$/, { error: 'with_genres must be genre ids separated by , or |' })
    .optional(),
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
    /**
     * With hide_seen: how many movies were left out. Offline, of the whole list (the pages and
     * total_results are of what is left); live, of this page only (TMDB pages the list).
     */
    hidden: z.number().optional(),
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
