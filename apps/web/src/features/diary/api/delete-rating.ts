import { MessageResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { DIARY_TEXT } from '../messages';
import { message, useRefresh } from './diary-shared';

/** DELETE /api/user/ratings/{tmdb_id}: a film's rating and review go (already gone is success). */
export function useDeleteRating(tmdbId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiFetch(`/api/user/ratings/${tmdbId}`, {
          method: 'DELETE',
          ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
        });
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err; // already gone
      }
    },
    onSuccess: () => toast.success(DIARY_TEXT.ratingRemoved),
    onError: (err) => toast.error(message(err, DIARY_TEXT.ratingRemoveFailed)),
    onSettled: refresh,
  });
}
