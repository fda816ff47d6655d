import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { LikedMovie } from '@app/contracts';
import { keys } from './library-keys';

export function useLikes() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.likes,
    queryFn: () =>
      apiFetch('/api/user/likes', { ...(import.meta.env.DEV ? { contract: LikedMovie.array() } : {}) }),
    enabled: !!user,
  });
}
