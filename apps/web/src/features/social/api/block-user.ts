import { Relationship } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { toastWithUndo } from '../../../components/ui/undo-toast';
import { failure, SOCIAL_TEXT } from '../messages';
import { profilePath, socialKeys } from './social-keys';
import { unblockUser } from './unblock-user';

/** PUT /api/profiles/{username}/block: blocks a person (follows both ways are removed). */
export const blockUser = (username: string) =>
  apiFetch(profilePath(username, '/block'), {
    method: 'PUT',
    contract: import.meta.env.DEV ? Relationship : undefined,
  });

/** Block, confirmed by the page beforehand; the toast's Undo unblocks (the follows stay removed). */
export function useBlockUser() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: socialKeys.all });
  return useMutation({
    mutationFn: blockUser,
    onSuccess: (_, username) =>
      toastWithUndo(SOCIAL_TEXT.blocked(username), () =>
        unblockUser(username)
          .catch((err: unknown) => toast.error(failure(err)))
          .finally(() => void refresh()),
      ),
    onError: (err) => toast.error(failure(err)),
    onSettled: refresh,
  });
}
