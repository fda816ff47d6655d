import { FollowState } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { toastWithUndo } from '../../../components/ui/undo-toast';
import { failure, SOCIAL_TEXT } from '../messages';
import { followUser } from './follow-user';
import { profilePath, socialKeys } from './social-keys';

/** DELETE /api/profiles/{username}/follow: unfollows, or cancels a pending request. */
export const unfollowUser = (username: string) =>
  apiFetch(profilePath(username, '/follow'), {
    method: 'DELETE',
    contract: import.meta.env.DEV ? FollowState : undefined,
  });

/**
 * Unfollow (with Undo for a public profile, whose follow comes back as it was) or cancel a request.
 * `undoable` is false for a private profile: following it again is a new request, so the page
 * asks first instead.
 */
export function useUnfollowUser() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: socialKeys.all });
  return useMutation({
    mutationFn: ({ username }: { username: string; wasPending: boolean; undoable: boolean }) =>
      unfollowUser(username),
    onSuccess: (_, { username, wasPending, undoable }) => {
      if (wasPending) toast.success(SOCIAL_TEXT.requestCancelled);
      else if (!undoable) toast.success(SOCIAL_TEXT.unfollowed(username));
      else
        toastWithUndo(SOCIAL_TEXT.unfollowed(username), () =>
          followUser(username)
            .catch((err: unknown) => toast.error(failure(err)))
            .finally(() => void refresh()),
        );
    },
    onError: (err) => toast.error(failure(err)),
    onSettled: refresh,
  });
}
