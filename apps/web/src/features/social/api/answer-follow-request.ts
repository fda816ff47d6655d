import { FollowState } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { failure, SOCIAL_TEXT } from '../messages';
import { socialKeys } from './social-keys';

/** POST /api/user/follow-requests/{username}/accept or /decline. */
export function useAnswerFollowRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ username, answer }: { username: string; answer: 'accept' | 'decline' }) =>
      apiFetch(`/api/user/follow-requests/${encodeURIComponent(username)}/${answer}`, {
        method: 'POST',
        contract: import.meta.env.DEV ? FollowState : undefined,
      }),
    onSuccess: (_, { username, answer }) =>
      toast.success(answer === 'accept' ? SOCIAL_TEXT.accepted(username) : SOCIAL_TEXT.declined(username)),
    onError: (err) => toast.error(failure(err)),
    onSettled: () => qc.invalidateQueries({ queryKey: socialKeys.all }),
  });
}
