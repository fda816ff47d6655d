import { RecommendedMovie } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { isPreparing, whilePreparing } from './preparing';

/** The spec asks the recommender for 10 and shows at most 12. */
export const RECOMMENDATIONS_REQUESTED = 10;
export const RECOMMENDATIONS_SHOWN = 12;

/** GET movies like this one, hydrated as cards. */
export const similarMoviesUrl = (id: number | string) =>
  `/api/recommend/movies?tmdb_id=${id}&top_n=${RECOMMENDATIONS_REQUESTED}`;

/**
 * Movies like this one, already as cards: one request (the API asks the recommender and hydrates).
 * A failure is no list; while the recommender prepares its first model the query is in error
 * (`isPreparing`) and asks again until the list comes.
 */
export const similarMoviesQuery = (id: number, hide = false) =>
  queryOptions({
    // 'hide-seen': the user's own list, refetched when their library changes.
    queryKey: ['recommendations', id, ...(hide ? ['hide-seen'] : [])],
    queryFn: async () =>
      (
        await apiFetch(similarMoviesUrl(id) + (hide ? '&hide_seen=true' : ''), {
          ...(import.meta.env.DEV ? { contract: RecommendedMovie.array() } : {}),
        }).catch((err: unknown): RecommendedMovie[] => {
          if (isPreparing(err)) throw err;
          return [];
        })
      ).slice(0, RECOMMENDATIONS_SHOWN),
    ...whilePreparing,
  });
