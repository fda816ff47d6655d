import { PersonList } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** GET /api/profiles?q=: people whose username starts with `q` (1–30 characters). */
export function useSearchPeople(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: socialKeys.search(query),
    queryFn: ({ signal }) =>
      apiFetch(`/api/profiles?q=${encodeURIComponent(query)}`, {
        signal,
        contract: import.meta.env.DEV ? PersonList : undefined,
      }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
