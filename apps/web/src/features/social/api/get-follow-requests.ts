import { FollowRequestList } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { socialKeys } from './social-keys';

/** GET /api/user/follow-requests: pending requests to follow the signed-in user, newest first. */
export function useFollowRequests() {
  const { user } = useAuth();
  return useQuery({
    queryKey: socialKeys.requests,
    queryFn: () =>
      apiFetch('/api/user/follow-requests', {
        contract: import.meta.env.DEV ? FollowRequestList : undefined,
      }),
    enabled: !!user,
  });
}
