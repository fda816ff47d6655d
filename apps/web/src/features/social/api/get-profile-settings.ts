import { ProfileSettings } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { socialKeys } from './social-keys';

/** GET /api/user/profile: the signed-in user's username, public switch and favourites. */
export function useProfileSettings() {
  const { user } = useAuth();
  return useQuery({
    queryKey: socialKeys.settings,
    queryFn: () =>
      apiFetch('/api/user/profile', { contract: import.meta.env.DEV ? ProfileSettings : undefined }),
    enabled: !!user,
  });
}
