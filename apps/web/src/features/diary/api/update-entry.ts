import type { DiaryEntry, DiaryEntryPatch } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { apiFetch } from '../../../lib/api-client';
import { message } from './diary-api';

/** PATCH /api/user/diary/{id}: the entry's day, rewatch and tags, and the movie's rating and review. */
export function useUpdateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: DiaryEntryPatch }) =>
      apiFetch<DiaryEntry & { message: string }>(`/api/user/diary/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: () => toast.success('Diary entry updated'),
    onError: (err) => toast.error(message(err, 'Failed to update the diary entry.')),
    onSettled: () => qc.invalidateQueries({ queryKey: ['library'] }),
  });
}
