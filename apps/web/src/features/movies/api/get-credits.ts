import { MovieCredits } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET a movie's cast and crew. */
export const creditsUrl = (id: number | string) => `/api/tmdb/movie/${id}/credits`;

export const getCredits = (id: number) =>
  apiFetch(creditsUrl(id), { ...(import.meta.env.DEV ? { contract: MovieCredits } : {}) });

export const creditsQuery = (id: number) =>
  queryOptions({ queryKey: ['credits', id], queryFn: () => getCredits(id) });
