import { ImportPreview } from '@app/contracts';
import { ApiError } from '../../../lib/api-client';
import { TRANSFER_TEXT } from '../messages';
import { bearer, failure } from './transfer-shared';

/** The upload limit the API enforces (IMPORT_MAX_BYTES), checked here first to spare the wait. */
export const IMPORT_MAX_MB = 8;
/** Reading and matching a large export takes a few seconds on a busy server. */
const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POST /api/user/import/preview: sends the file as the request body (not JSON: the API reads
 * zips, CSVs and JSON), and answers what would be imported.
 */
export async function uploadExport(file: File): Promise<ImportPreview> {
  if (file.size > IMPORT_MAX_MB * 1024 * 1024) throw new ApiError(413, TRANSFER_TEXT.tooLarge(IMPORT_MAX_MB));
  let res: Response;
  try {
    res = await fetch(`/api/user/import/preview?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...(await bearer()) },
      body: file,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ApiError(
      0,
      (err as Error).name === 'TimeoutError' ? TRANSFER_TEXT.uploadTimedOut : TRANSFER_TEXT.networkError,
    );
  }
  // The server gives a whole request 15 s (a slow upload of a large file): say what helps.
  if (res.status === 408) throw new ApiError(408, TRANSFER_TEXT.uploadTooSlow);
  if (!res.ok) throw await failure(res);
  const body: unknown = await res.json();
  // As apiFetch's contract: checked in development, dropped from the production build.
  return import.meta.env.DEV ? ImportPreview.parse(body) : (body as ImportPreview);
}
