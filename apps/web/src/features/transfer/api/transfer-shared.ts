import { ApiError } from '../../../lib/api-client';
import { authSession } from '../../../lib/auth-client';
import { libraryKeys } from '../../../lib/library-keys';

/** An import job's state (polled), its own key: not the library's (an import writes to all of it). */
export const importJobKey = (jobId: string | null) => ['import-job', jobId] as const;
/** Every library list an import wrote to (lib/library-keys.ts owns the keys). */
export const LIBRARY = libraryKeys.all;

/**
 * The two calls that cannot go through apiFetch (a file as the body; a file as the answer) still
 * send the user's ID token as a bearer header.
 */
export async function bearer(): Promise<Record<string, string>> {
  try {
    if (authSession.currentUser) return { authorization: `Bearer ${await authSession.getIdToken()}` };
  } catch (err) {
    console.error('Could not get an ID token', err);
  }
  return {};
}

/** A failed answer as apiFetch reports one: the API's `{message}`, else the status line. */
export async function failure(res: Response): Promise<ApiError> {
  let message = `Request failed (${res.status})`;
  try {
    message = ((await res.json()) as { message?: string }).message ?? message;
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(res.status, message);
}
