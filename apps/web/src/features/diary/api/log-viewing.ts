import { DiaryEntryCreated } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { apiFetch } from '../../../lib/api-client';
import { DIARY_TEXT } from '../messages';
import { message, useRefresh } from './diary-shared';

/** What a viewing is logged with (POST /api/user/diary), and what a deleted one answers to undo it. */
export interface Viewing {
  tmdb_id: number;
  watched_on: string;
  rewatch: boolean;
  tags?: string[];
}

/** POST /api/user/diary: logs a viewing. */
export function useLogViewing() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Viewing) =>
      apiFetch('/api/user/diary', {
        method: 'POST',
        body,
        ...(import.meta.env.DEV ? { contract: DiaryEntryCreated } : {}),
      }),
    onError: (err) => toast.error(message(err, DIARY_TEXT.logFailed)),
    onSettled: refresh,
  });
}
