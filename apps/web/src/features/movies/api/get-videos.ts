import { MovieVideos } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET a movie's YouTube trailers and teasers, official trailers first (live mode only; decision 0095). */
export const videosUrl = (id: number) => `/api/movies/${id}/videos`;

export const videosQuery = (id: number) =>
  queryOptions({
    queryKey: ['videos', id],
    queryFn: () => apiFetch(videosUrl(id), { contract: import.meta.env.DEV ? MovieVideos : undefined }),
  });

export const useVideos = (id: number) => useQuery(videosQuery(id));
