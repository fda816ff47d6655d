import { MoviePage } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { CONTENT_TYPES, type ContentType } from '../../../lib/content-types';
import { viewParams, type ListView } from '../../../lib/list-view';

/** GET a catalog list (popular, now playing, top rated, upcoming) by page. */
export const movieListUrl = (type: ContentType, page: number | string = 1) =>
  `${CONTENT_TYPES[type]}?page=${page}`;

export const getMovieList = (type: ContentType, page = 1, view?: ListView) =>
  apiFetch(movieListUrl(type, page) + viewParams(view).query, {
    ...(import.meta.env.DEV ? { contract: MoviePage } : {}),
  });

export const movieListQuery = (type: ContentType, page = 1, view?: ListView) =>
  queryOptions({
    queryKey: ['movies', type, page, ...viewParams(view).key],
    queryFn: () => getMovieList(type, page, view),
  });
