import type { ImportJob, ImportPreview } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { authSession } from '../../../lib/auth-client';

export type { ImportJob, ImportPreview };

/** The upload limit the API enforces (IMPORT_MAX_BYTES), checked here first to spare the wait. */
export const IMPORT_MAX_MB = 8;
export const UPLOAD_TOO_SLOW =
  'The upload took longer than the server waits for a file (15 seconds). Upload the export’s zip, which is smaller than its CSVs, or try again on a faster connection.';
/** Reading and matching a large export takes a few seconds on a busy server. */
const UPLOAD_TIMEOUT_MS = 60_000;

async function bearer(): Promise<Record<string, string>> {
  try {
    if (authSession.currentUser) return { authorization: `Bearer ${await authSession.getIdToken()}` };
  } catch (err) {
    console.error('Could not get an ID token', err);
  }
  return {};
}

async function failure(res: Response): Promise<ApiError> {
  let message = `Request failed (${res.status})`;
  try {
    message = ((await res.json()) as { message?: string }).message ?? message;
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(res.status, message);
}

/** Sends the file as the request body (not JSON): the API reads zips, CSVs and JSON. */
export async function uploadExport(file: File): Promise<ImportPreview> {
  if (file.size > IMPORT_MAX_MB * 1024 * 1024)
    throw new ApiError(413, `The file is too large: at most ${IMPORT_MAX_MB} MB can be imported at once`);
  let res: Response;
  try {
    res = await fetch(`/api/user/import/preview?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...(await bearer()) },
      body: file,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ApiError(0, (err as Error).name === 'TimeoutError' ? 'The upload timed out' : 'Network error');
  }
  // The server gives a whole request 15 s (a slow upload of a large file): say what helps.
  if (res.status === 408) throw new ApiError(408, UPLOAD_TOO_SLOW);
  if (!res.ok) throw await failure(res);
  return (await res.json()) as ImportPreview;
}

export function startImport(previewId: string, picks: Record<string, number | null>) {
  return apiFetch<ImportJob>('/api/user/import', { method: 'POST', body: { preview_id: previewId, picks } });
}

/** The job's state, polled every half second while it runs. */
export function useImportJob(jobId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['import-job', jobId],
    queryFn: async () => {
      const job = await apiFetch<ImportJob>(`/api/user/import/jobs/${jobId}`);
      // Every library list may have changed: refetch them when next shown.
      if (job.state !== 'running') void qc.invalidateQueries({ queryKey: ['library'] });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.state === 'running' || !q.state.data ? 500 : false),
    staleTime: 0,
    gcTime: 0,
    retry: 2,
  });
}

/** Removes exactly what a finished import added. */
export function useUndoImport(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<ImportJob>(`/api/user/import/jobs/${jobId}/undo`, { method: 'POST', body: {} }),
    onSuccess: (job) => {
      qc.setQueryData(['import-job', jobId], job);
      void qc.invalidateQueries({ queryKey: ['library'] });
    },
  });
}

/** Downloads the export through a fetch (the API wants the bearer token, which a plain link cannot send). */
export async function downloadExport(format: 'json' | 'csv'): Promise<void> {
  const res = await fetch(`/api/user/export?format=${format}`, { headers: await bearer() });
  if (!res.ok) throw await failure(res);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `cinelog-export.${format === 'csv' ? 'zip' : 'json'}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
