import { Profile } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { profilePath, socialKeys } from './social-keys';

export type { Profile };

/**
 * GET /api/profiles/{username}: a profile as the viewer may see it (404: no such person, or they
 * blocked the viewer). Asked once the session is known: what it shows depends on who asks.
 */
export function useProfile(username: string) {
  const { ready } = useAuth();
  return useQuery({
    queryKey: socialKeys.profile(username),
    queryFn: () => apiFetch(profilePath(username), { contract: import.meta.env.DEV ? Profile : undefined }),
    enabled: ready && !!username,
    staleTime: 0,
  });
}
