import { PersonPage } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { profilePath, socialKeys, type PeopleList } from './social-keys';

/** GET /api/profiles/{username}/followers or /following, a page at a time (newest first). */
export function usePeople(username: string, list: PeopleList) {
  return useInfiniteQuery({
    queryKey: socialKeys.people(username, list),
    queryFn: ({ pageParam }) =>
      apiFetch(
        profilePath(username, `/${list}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
        {
          contract: import.meta.env.DEV ? PersonPage : undefined,
        },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
