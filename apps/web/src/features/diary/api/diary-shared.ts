import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, type Contract } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { libraryKeys } from '../../../lib/library-keys';

/** The diary's query keys, under the library's root (lib/library-keys.ts: refreshed and forgotten with it). */
export const keys = {
  all: libraryKeys.all,
  rating: (tmdbId: number) => ['library', 'rating', tmdbId] as const,
  movieDiary: (tmdbId: number) => ['library', 'diary', 'movie', tmdbId] as const,
  diary: ['library', 'diary', 'all'] as const,
  ratings: ['library', 'ratings', 'all'] as const,
  stats: (year: number | 'all' | null) => ['library', 'stats', year] as const,
};

/**
 * The message for a failed diary call: the API's 4xx messages are written for people (a future
 * date, a day already logged…), its 401 is the spec's "Session expired. Please login again."
 * (@app/contracts' SESSION_EXPIRED, sent by the API's auth guard: not imported here, so that the
 * diary's screens do not change how the landing pages' chunks are grouped, decision 0097).
 */
export const message = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : fallback;

/** Everything a rating or a diary change can show up in. */
export function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all });
}

/** A signed-in user's list of `path`, page after page (`?page=`), for as long as there are more. */
export function useUserPages<T extends { page: number; total_pages: number }>(
  key: readonly unknown[],
  path: string,
  contract: Contract<T> | undefined,
) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => apiFetch(`${path}?page=${pageParam}`, { contract }),
    initialPageParam: 1,
    getNextPageParam: (last: T) => (last.page < last.total_pages ? last.page + 1 : undefined),
    enabled: !!user,
  });
}
