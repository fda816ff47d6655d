import { RatingState } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { keys } from './diary-shared';

/** GET /api/user/ratings/{tmdb_id}: the user's rating and review of a film. */
export function useRating(tmdbId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.rating(tmdbId),
    queryFn: () =>
      apiFetch(`/api/user/ratings/${tmdbId}`, { ...(import.meta.env.DEV ? { contract: RatingState } : {}) }),
    enabled: !!user,
  });
}
