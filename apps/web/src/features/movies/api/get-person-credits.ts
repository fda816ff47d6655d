import { PersonMovieCredits } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET the movies a person played in. */
export const personCreditsUrl = (id: number | string) => `/api/tmdb/person/${id}/movie_credits`;

export const getPersonCredits = (id: number) =>
  apiFetch(personCreditsUrl(id), {
    contract: import.meta.env.DEV ? PersonMovieCredits : undefined,
  });

export const personCreditsQuery = (id: number) =>
  queryOptions({ queryKey: ['person', id], queryFn: () => getPersonCredits(id) });

export const usePersonCredits = (id: number) => useQuery(personCreditsQuery(id));
