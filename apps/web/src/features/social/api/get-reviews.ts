import { ReviewPage } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { socialKeys } from './social-keys';

export type ReviewSort = 'newest' | 'liked';
export type { PublicReview } from '@app/contracts';

export const reviewsKey = (tmdbId: number, sort: ReviewSort) =>
  [...socialKeys.reviews(tmdbId), sort] as const;

/** GET /api/movies/{id}/reviews: everyone's public reviews of a film, newest or most liked first. */
export function useReviews(tmdbId: number, sort: ReviewSort) {
  const { ready } = useAuth();
  return useInfiniteQuery({
    queryKey: reviewsKey(tmdbId, sort),
    queryFn: ({ pageParam }) =>
      apiFetch(`/api/movies/${tmdbId}/reviews?sort=${sort}&page=${pageParam}`, {
        contract: import.meta.env.DEV ? ReviewPage : undefined,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    // Whether the viewer liked each review depends on who asks: wait for the session.
    enabled: ready,
  });
}
