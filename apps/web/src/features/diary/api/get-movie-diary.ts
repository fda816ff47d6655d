import { DiaryPage } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { keys } from './diary-shared';

/** GET /api/user/diary?tmdb_id=: the user's viewings of one film. */
export function useMovieDiary(tmdbId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.movieDiary(tmdbId),
    queryFn: () =>
      apiFetch(`/api/user/diary?tmdb_id=${tmdbId}`, {
        ...(import.meta.env.DEV ? { contract: DiaryPage } : {}),
      }),
    enabled: !!user,
  });
}
