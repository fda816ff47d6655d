import { Relationship } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { failure, SOCIAL_TEXT } from '../messages';
import { profilePath, socialKeys } from './social-keys';

/** DELETE /api/profiles/{username}/block. */
export const unblockUser = (username: string) =>
  apiFetch(profilePath(username, '/block'), {
    method: 'DELETE',
    contract: import.meta.env.DEV ? Relationship : undefined,
  });

export function useUnblockUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: (_, username) => toast.success(SOCIAL_TEXT.unblocked(username)),
    onError: (err) => toast.error(failure(err)),
    onSettled: () => qc.invalidateQueries({ queryKey: socialKeys.all }),
  });
}
