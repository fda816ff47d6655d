import { MoviePage } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { viewParams, type ListView } from '../../../lib/list-view';

/** GET a genre's movies by page. */
export const discoverUrl = (genreId: number | string, page: number | string = 1) =>
  `/api/tmdb/discover/movie?with_genres=${genreId}&page=${page}`;

export const discoverMovies = (genreId: number, page = 1, view?: ListView) =>
  apiFetch(discoverUrl(genreId, page) + viewParams(view).query, {
    ...(import.meta.env.DEV ? { contract: MoviePage } : {}),
  });

export const discoverQuery = (genreId: number, page = 1, view?: ListView) =>
  queryOptions({
    queryKey: ['discover', genreId, page, ...viewParams(view).key],
    queryFn: () => discoverMovies(genreId, page, view),
  });
