import { MoviePage } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { viewParams, type ListView } from '../../../lib/list-view';

/** GET movies whose title matches `query`, by page. */
export const searchUrl = (query: string, page: number | string = 1) =>
  `/api/tmdb/search/movie?query=${encodeURIComponent(query)}&page=${page}`;

export const searchMovies = (query: string, page = 1, view?: ListView) =>
  apiFetch(searchUrl(query, page) + viewParams(view).query, {
    ...(import.meta.env.DEV ? { contract: MoviePage } : {}),
  });

export const searchQuery = (query: string, page = 1, view?: ListView) =>
  queryOptions({
    queryKey: ['search', query, page, ...viewParams(view).key],
    queryFn: () => searchMovies(query, page, view),
  });
