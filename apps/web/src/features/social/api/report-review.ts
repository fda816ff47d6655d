import { MessageResponse, type ReviewReportBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { SOCIAL_TEXT } from '../messages';
import { updateCachedReview } from './review-cache';

/** POST /api/movies/{id}/reviews/{username}/report: the review leaves the reporter's page at once. */
export function useReportReview(tmdbId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ username, body }: { username: string; body: ReviewReportBody }) =>
      apiFetch(`/api/movies/${tmdbId}/reviews/${encodeURIComponent(username)}/report`, {
        method: 'POST',
        body,
        contract: import.meta.env.DEV ? MessageResponse : undefined,
      }),
    onSuccess: (_, { username }) => {
      updateCachedReview(qc, tmdbId, username, () => null);
      toast.success(SOCIAL_TEXT.reported);
    },
  });
}
