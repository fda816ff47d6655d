import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { profilePath, socialKeys } from './social-keys';

/**
 * Whether a username looks free: nobody's profile answers to it (404). A hint while typing only:
 * the save itself is the judge (409 when taken).
 */
export async function usernameFree(name: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await apiFetch(profilePath(name), signal ? { signal } : {});
    return false;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return true;
    throw err;
  }
}

/** The availability of `name` (only asked for when `enabled`: a valid name that is not the user's own). */
export function useUsernameAvailability(name: string, enabled: boolean) {
  return useQuery({
    queryKey: socialKeys.username(name),
    queryFn: ({ signal }) => usernameFree(name, signal),
    enabled,
    staleTime: 30_000,
  });
}
