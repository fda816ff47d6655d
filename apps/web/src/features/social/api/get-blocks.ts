import { PersonList } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { socialKeys } from './social-keys';

/** GET /api/user/blocks: the people the signed-in user blocked. */
export function useBlocks() {
  const { user } = useAuth();
  return useQuery({
    queryKey: socialKeys.blocks,
    queryFn: () => apiFetch('/api/user/blocks', { contract: import.meta.env.DEV ? PersonList : undefined }),
    enabled: !!user,
  });
}
