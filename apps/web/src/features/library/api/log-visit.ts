import { MessageResponse } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { keys } from './library-keys';

export function useLogVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tmdbId: number) =>
      apiFetch('/api/user/recently-visited', {
        method: 'POST',
        body: { tmdb_id: tmdbId },
        ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.recent }),
  });
}
