import { YearInReview } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { keys } from './diary-shared';

/** GET /api/user/stats: one year's review, all time ('all'), or (null) the latest year with entries, as the API picks. */
export function useYearInReview(year: number | 'all' | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.stats(year),
    queryFn: () =>
      apiFetch(`/api/user/stats${year ? `?year=${year}` : ''}`, {
        ...(import.meta.env.DEV ? { contract: YearInReview } : {}),
      }),
    enabled: !!user,
    placeholderData: (previous) => previous,
  });
}
