import { QueryClient } from '@tanstack/react-query';

/** Data stays fresh for 5 minutes and is retried once (spec section 4). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}
