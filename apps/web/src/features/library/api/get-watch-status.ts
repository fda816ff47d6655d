import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { WatchStatusEntry } from '@app/contracts';
import { keys } from './library-keys';

export function useWatchStatus() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.watch,
    queryFn: () =>
      apiFetch('/api/user/watch-status', {
        ...(import.meta.env.DEV ? { contract: WatchStatusEntry.array() } : {}),
      }),
    enabled: !!user,
  });
}
