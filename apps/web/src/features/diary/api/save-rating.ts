import { RatingState } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { apiFetch } from '../../../lib/api-client';
import { DIARY_TEXT } from '../messages';
import { keys, message, useRefresh } from './diary-shared';

/** PUT /api/user/ratings/{tmdb_id}: a film's rating and review. */
export function useSaveRating(tmdbId: number) {
  const refresh = useRefresh();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, review }: { rating: number; review: string | null; what: 'rating' | 'review' }) =>
      apiFetch(`/api/user/ratings/${tmdbId}`, {
        method: 'PUT',
        body: { rating, review },
        ...(import.meta.env.DEV ? { contract: RatingState } : {}),
      }),
    onSuccess: (state, { what }) => {
      qc.setQueryData(keys.rating(tmdbId), state);
      toast.success(what === 'review' ? DIARY_TEXT.reviewSaved : DIARY_TEXT.rated(state.rating));
    },
    onError: (err) => toast.error(message(err, DIARY_TEXT.ratingSaveFailed)),
    onSettled: refresh,
  });
}
