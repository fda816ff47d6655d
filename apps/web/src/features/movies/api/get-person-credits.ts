import { PersonMovieCredits } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET the movies a person played in. */
export const personCreditsUrl = (id: number | string) => `/api/tmdb/person/${id}/movie_credits`;

export const getPersonCredits = (id: number) =>
  apiFetch(personCreditsUrl(id), {
    ...(import.meta.env.DEV ? { contract: PersonMovieCredits } : {}),
  });

export const personCreditsQuery = (id: number) =>
  queryOptions({ queryKey: ['person', id], queryFn: () => getPersonCredits(id) });
