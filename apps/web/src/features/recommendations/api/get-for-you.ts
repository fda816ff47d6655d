import { ForYouResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/library-keys';
import { useAuth } from '../../../lib/auth';
import { whilePreparing } from './preparing';

/**
 * The signed-in user's "for you" row (fetched again whenever the home page mounts; asked again
 * every few seconds while the recommender prepares its first model).
 */
export function useForYou() {
  const { user } = useAuth();
  return useQuery({
    queryKey: libraryKeys.forYou,
    queryFn: () =>
      apiFetch('/api/user/for-you', { ...(import.meta.env.DEV ? { contract: ForYouResponse } : {}) }),
    enabled: !!user,
    ...whilePreparing,
  });
}
