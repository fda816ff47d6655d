import { ImportJob } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { importJobKey, LIBRARY } from './transfer-shared';

/** GET /api/user/import/jobs/{id}: the job's state, polled every half second while it runs. */
export function useImportJob(jobId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: importJobKey(jobId),
    queryFn: async () => {
      const job = await apiFetch(`/api/user/import/jobs/${jobId}`, {
        ...(import.meta.env.DEV ? { contract: ImportJob } : {}),
      });
      // Every library list may have changed: refetch them when next shown.
      if (job.state !== 'running') void qc.invalidateQueries({ queryKey: LIBRARY });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.state === 'running' || !q.state.data ? 500 : false),
    staleTime: 0,
    gcTime: 0,
    retry: 2,
  });
}
