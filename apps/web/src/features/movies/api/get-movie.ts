import { MovieDetails } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET one movie's details. */
export const movieUrl = (id: number | string) => `/api/tmdb/movie/${id}`;

export const getMovie = (id: number) =>
  apiFetch(movieUrl(id), { ...(import.meta.env.DEV ? { contract: MovieDetails } : {}) });

export const movieQuery = (id: number) =>
  queryOptions({ queryKey: ['movie', id], queryFn: () => getMovie(id) });
