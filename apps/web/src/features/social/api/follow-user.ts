import { FollowState } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { failure, SOCIAL_TEXT } from '../messages';
import { profilePath, socialKeys } from './social-keys';

/** POST /api/profiles/{username}/follow: follows a public profile, or asks to follow a private one. */
export const followUser = (username: string) =>
  apiFetch(profilePath(username, '/follow'), {
    method: 'POST',
    contract: import.meta.env.DEV ? FollowState : undefined,
  });

export function useFollowUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: followUser,
    onSuccess: (state, username) =>
      toast.success(
        state.state === 'pending' ? SOCIAL_TEXT.requestSent(username) : SOCIAL_TEXT.followed(username),
      ),
    onError: (err) => toast.error(failure(err)),
    onSettled: () => qc.invalidateQueries({ queryKey: socialKeys.all }),
  });
}
