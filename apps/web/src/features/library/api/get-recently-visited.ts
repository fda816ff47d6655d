import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { RecentlyVisitedEntry } from '@app/contracts';
import { keys } from './library-keys';

export function useRecentlyVisited() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.recent,
    queryFn: () =>
      apiFetch('/api/user/recently-visited', {
        ...(import.meta.env.DEV ? { contract: RecentlyVisitedEntry.array() } : {}),
      }),
    enabled: !!user,
  });
}
