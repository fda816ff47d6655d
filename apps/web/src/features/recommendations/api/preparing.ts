import { ERROR_CODES } from '@app/contracts/messages';

/** How often a section asks again while the recommender prepares its first model (its Retry-After). */
export const PREPARING_POLL_MS = 3000;

/** The API's 503 while the recommender's first model is prepared (decision 0080). */
export const isPreparing = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === ERROR_CODES.recommendationsPreparing;

/**
 * A recommendations query while the recommender prepares its first model: asked again every
 * PREPARING_POLL_MS until the list comes (no reload needed). (It imports nothing of lib/: a module
 * shared by the home and movie screens that did made their shared chunks import each other.)
 */
export const whilePreparing = {
  refetchInterval: (query: { state: { error: unknown } }) =>
    isPreparing(query.state.error) ? PREPARING_POLL_MS : false,
} as const;
