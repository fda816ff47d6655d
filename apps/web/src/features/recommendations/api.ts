import type { ForYouResponse, RecommendedMovie } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';

/** The spec asks the recommender for 10 and shows at most 12. */
export const RECOMMENDATIONS_REQUESTED = 10;
export const RECOMMENDATIONS_SHOWN = 12;

/** Movies like this one, already as cards: one request (the API asks the recommender and hydrates). */
export const similarMoviesQuery = (id: number) =>
  queryOptions({
    queryKey: ['recommendations', id],
    queryFn: async () =>
      (
        await apiFetch<RecommendedMovie[]>(
          `/api/recommend/movies?tmdb_id=${id}&top_n=${RECOMMENDATIONS_REQUESTED}`,
        ).catch(() => [])
      ).slice(0, RECOMMENDATIONS_SHOWN),
  });

/** The signed-in user's "for you" row (fetched again whenever the home page mounts). */
export function useForYou() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['library', 'for-you'],
    queryFn: () => apiFetch<ForYouResponse>('/api/user/for-you'),
    enabled: !!user,
  });
}
