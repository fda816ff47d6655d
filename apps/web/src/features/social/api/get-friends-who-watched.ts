import { FriendsWhoWatched } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { socialKeys } from './social-keys';

/** GET /api/movies/{id}/friends: the people the user follows who watched the film, with their ratings. */
export function useFriendsWhoWatched(tmdbId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: socialKeys.friends(tmdbId),
    queryFn: () =>
      apiFetch(`/api/movies/${tmdbId}/friends`, {
        contract: import.meta.env.DEV ? FriendsWhoWatched : undefined,
      }),
    enabled: !!user,
  });
}
