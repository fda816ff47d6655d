import { ImportJob } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { importJobKey, LIBRARY } from './transfer-shared';

/** POST /api/user/import/jobs/{id}/undo: removes exactly what a finished import added. */
export function useUndoImport(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/user/import/jobs/${jobId}/undo`, {
        method: 'POST',
        body: {},
        ...(import.meta.env.DEV ? { contract: ImportJob } : {}),
      }),
    onSuccess: (job) => {
      qc.setQueryData(importJobKey(jobId), job);
      void qc.invalidateQueries({ queryKey: LIBRARY });
    },
  });
}
