import { FeedPage } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { socialKeys } from './social-keys';

export type { FeedItem } from '@app/contracts';

/** GET /api/feed: what the people the user follows did, newest first, 20 a page. */
export function useFeed() {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: socialKeys.feed,
    queryFn: ({ pageParam }) =>
      apiFetch(`/api/feed${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        contract: import.meta.env.DEV ? FeedPage : undefined,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: !!user,
    staleTime: 0,
  });
}
