import { DiaryEntryUpdated, type DiaryEntryPatch } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { apiFetch } from '../../../lib/api-client';
import { DIARY_TEXT } from '../messages';
import { message, useRefresh } from './diary-shared';

/** PATCH /api/user/diary/{id}: the entry's day, rewatch and tags, and the movie's rating and review. */
export function useUpdateEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: DiaryEntryPatch }) =>
      apiFetch(`/api/user/diary/${id}`, {
        method: 'PATCH',
        body: changes,
        ...(import.meta.env.DEV ? { contract: DiaryEntryUpdated } : {}),
      }),
    onSuccess: () => toast.success(DIARY_TEXT.updated),
    onError: (err) => toast.error(message(err, DIARY_TEXT.updateFailed)),
    onSettled: refresh,
  });
}
