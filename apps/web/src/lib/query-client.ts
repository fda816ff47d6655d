import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Data stays fresh for 5 minutes and is retried once (spec section 4), unless the server answered
 * that the request itself is wrong (a 4xx other than 408/429): asking again would only delay the
 * page that explains it (a playlist of someone else, a movie that does not exist).
 */
export const shouldRetry = (failures: number, error: unknown) =>
  failures < 1 &&
  !(error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 5 * 60_000, retry: shouldRetry, refetchOnWindowFocus: false } },
  });
}
