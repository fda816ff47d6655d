import { QueryClient } from '@tanstack/react-query';

/**
 * Data stays fresh for 5 minutes and is retried once (spec section 4), unless the server answered
 * that the request itself is wrong (a 4xx): asking again would only delay the
 * page that explains it (a playlist of someone else, a movie that does not exist).
 */
export const shouldRetry = (failures: number, error: unknown) =>
  // The status of an ApiError, read without importing the API client (and the auth client it
  // loads) into every page's first download. No status (a network error, a timeout): retried.
  !failures && ((error as { status?: number } | null)?.status ?? 500) >= 500;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 5 * 60_000, retry: shouldRetry, refetchOnWindowFocus: false } },
  });
}
