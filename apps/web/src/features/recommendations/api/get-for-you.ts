import { ForYouResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { whilePreparing } from './preparing';

/**
 * The signed-in user's "for you" row (fetched again whenever the home page mounts; asked again
 * every few seconds while the recommender prepares its first model).
 */
export function useForYou() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['library', 'for-you'],
    queryFn: () =>
      apiFetch('/api/user/for-you', { contract: import.meta.env.DEV ? ForYouResponse : undefined }),
    enabled: !!user,
    ...whilePreparing,
  });
}
