import { MovieCredits } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET a movie's cast and crew. */
export const creditsUrl = (id: number | string) => `/api/tmdb/movie/${id}/credits`;

export const getCredits = (id: number) =>
  apiFetch(creditsUrl(id), { contract: import.meta.env.DEV ? MovieCredits : undefined });

export const creditsQuery = (id: number) =>
  queryOptions({ queryKey: ['credits', id], queryFn: () => getCredits(id) });

export const useCredits = (id: number) => useQuery(creditsQuery(id));
