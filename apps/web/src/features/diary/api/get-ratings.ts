import { RatedMoviePage } from '@app/contracts';
import { keys, useUserPages } from './diary-shared';

/** GET /api/user/ratings: every rated film, most recently rated first, 50 a page (imported ratings included). */
export const useRatings = () =>
  useUserPages(keys.ratings, '/api/user/ratings', import.meta.env.DEV ? RatedMoviePage : undefined);
