import { ReviewLikeState } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { failure } from '../messages';
import type { ReviewSort } from './get-reviews';
import { reviewsKey } from './get-reviews';
import { updateCachedReview } from './review-cache';

const likePath = (tmdbId: number, username: string) =>
  `/api/movies/${tmdbId}/reviews/${encodeURIComponent(username)}/like`;

/**
 * PUT (like) or DELETE (unlike) /api/movies/{id}/reviews/{username}/like; shown at once, put back on
 * failure. `shownIn` is the order the review was liked in: once the like is stored, the most-liked
 * order is fetched again (a switch to it while the like was on its way read the old counts), except
 * in the most-liked order itself, which keeps its rows where they are under the pointer and is only
 * marked stale.
 */
export function useLikeReview(tmdbId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ username, like }: { username: string; like: boolean; shownIn: ReviewSort }) =>
      apiFetch(likePath(tmdbId, username), {
        method: like ? 'PUT' : 'DELETE',
        contract: import.meta.env.DEV ? ReviewLikeState : undefined,
      }),
    onMutate: ({ username, like }) =>
      updateCachedReview(qc, tmdbId, username, (r) =>
        r.liked === like ? r : { ...r, liked: like, like_count: r.like_count + (like ? 1 : -1) },
      ),
    onSuccess: (state, { username }) => updateCachedReview(qc, tmdbId, username, (r) => ({ ...r, ...state })),
    onError: (err, { username, like }) => {
      updateCachedReview(qc, tmdbId, username, (r) =>
        r.liked !== like ? r : { ...r, liked: !like, like_count: r.like_count + (like ? -1 : 1) },
      );
      toast.error(failure(err));
    },
    onSettled: (_state, _err, { shownIn }) =>
      qc.invalidateQueries({
        queryKey: reviewsKey(tmdbId, 'liked'),
        refetchType: shownIn === 'liked' ? 'none' : 'active',
      }),
  });
}
