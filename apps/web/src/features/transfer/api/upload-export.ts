import { ImportPreview } from '@app/contracts';
import { ApiError } from '../../../lib/api-client';
import { TRANSFER_TEXT } from '../messages';
import { bearer, failure } from './transfer-shared';

/** The upload limit the API enforces (IMPORT_MAX_BYTES), checked here first to spare the wait. */
export const IMPORT_MAX_MB = 8;
/** Reading and matching a large export takes a few seconds on a busy server. */
const UPLOAD_TIMEOUT_MS = 60_000;
/**
 * A 503 that asks to be asked again within this many seconds (the importer still starting, as on a
 * large catalog's first upload, decision 0138; its thread started again) is asked again by the page
 * itself, within the upload's time; a longer wait (a busy server) is said to the user.
 */
const RETRY_AFTER_MAX_SECONDS = 10;

/**
 * POST /api/user/import/preview: sends the file as the request body (not JSON: the API reads
 * zips, CSVs and JSON), and answers what would be imported.
 */
export async function uploadExport(file: File): Promise<ImportPreview> {
  if (file.size > IMPORT_MAX_MB * 1024 * 1024) throw new ApiError(413, TRANSFER_TEXT.tooLarge(IMPORT_MAX_MB));
  const until = Date.now() + UPLOAD_TIMEOUT_MS;
  let res: Response;
  for (;;) {
    try {
      res = await fetch(`/api/user/import/preview?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...(await bearer()) },
        body: file,
        signal: AbortSignal.timeout(Math.max(1, until - Date.now())),
      });
    } catch (err) {
      throw new ApiError(
        0,
        (err as Error).name === 'TimeoutError' ? TRANSFER_TEXT.uploadTimedOut : TRANSFER_TEXT.networkError,
      );
    }
    const wait = res.status === 503 ? Number(res.headers.get('retry-after')) : NaN;
    if (!(wait > 0 && wait <= RETRY_AFTER_MAX_SECONDS) || Date.now() + wait * 1000 >= until) break;
    await new Promise((r) => setTimeout(r, wait * 1000));
  }
  // The server gives a whole request 15 s (a slow upload of a large file): say what helps.
  if (res.status === 408) throw new ApiError(408, TRANSFER_TEXT.uploadTooSlow);
  if (!res.ok) throw await failure(res);
  const body: unknown = await res.json();
  // As apiFetch's contract: checked in development, dropped from the production build.
  return import.meta.env.DEV ? ImportPreview.parse(body) : (body as ImportPreview);
}
