import { DiaryEntryDeleted, type DiaryEntry } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { toastWithUndo } from '../../../components/ui/undo-toast';
import { apiFetch } from '../../../lib/api-client';
import { DIARY_TEXT } from '../messages';
import { message, useRefresh } from './diary-shared';
import { useLogViewing } from './log-viewing';

/** DELETE /api/user/diary/{id}, with a toast that can put it back (Undo logs the same viewing again). */
export function useDeleteEntry() {
  const refresh = useRefresh();
  const log = useLogViewing();
  return useMutation({
    mutationFn: (entry: Pick<DiaryEntry, 'id' | 'title'>) =>
      apiFetch(`/api/user/diary/${entry.id}`, {
        method: 'DELETE',
        ...(import.meta.env.DEV ? { contract: DiaryEntryDeleted } : {}),
      }),
    onSuccess: ({ tmdb_id, watched_on, rewatch, tags }, entry) =>
      toastWithUndo(DIARY_TEXT.deleted(entry.title, watched_on), () =>
        log.mutate(
          { tmdb_id, watched_on, rewatch, tags },
          { onSuccess: () => toast.success(DIARY_TEXT.restored) },
        ),
      ),
    onError: (err) => toast.error(message(err, DIARY_TEXT.deleteFailed)),
    onSettled: refresh,
  });
}
