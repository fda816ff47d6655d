import { MovieDetails } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET one movie's details. */
export const movieUrl = (id: number | string) => `/api/tmdb/movie/${id}`;

export const getMovie = (id: number) =>
  apiFetch(movieUrl(id), { contract: import.meta.env.DEV ? MovieDetails : undefined });

export const movieQuery = (id: number) =>
  queryOptions({ queryKey: ['movie', id], queryFn: () => getMovie(id) });

export const useMovie = (id: number) => useQuery(movieQuery(id));
