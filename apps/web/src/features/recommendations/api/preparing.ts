import { ERROR_CODES } from '@app/contracts/messages';
import { shouldRetry } from '../../../lib/query-client';

/** How often a section asks again while the recommender prepares its first model (its Retry-After). */
export const PREPARING_POLL_MS = 3000;

/** The API's 503 while the recommender's first model is prepared (decision 0080). */
export const isPreparing = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === ERROR_CODES.recommendationsPreparing;

/**
 * A recommendations query while the recommender prepares its first model: not retried as a
 * failure, but asked again every PREPARING_POLL_MS until the list comes (no reload needed).
 */
export const whilePreparing = {
  retry: (failures: number, error: unknown) => !isPreparing(error) && shouldRetry(failures, error),
  refetchInterval: (query: { state: { error: unknown } }) =>
    isPreparing(query.state.error) ? PREPARING_POLL_MS : false,
} as const;
