import { WatchProviders } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET where a movie can be watched (live mode only; decision 0095). The server picks the country:
 * the signed-in user's setting (the request carries their token), else the browser's languages.
 */
export const watchProvidersUrl = (id: number) => `/api/movies/${id}/watch`;

/** `who`: the signed-in user's id (their country setting decides), or null for a visitor. */
export const watchProvidersQuery = (id: number, who: string | null) =>
  queryOptions({
    queryKey: ['watch-providers', id, who],
    queryFn: () =>
      apiFetch(watchProvidersUrl(id), { contract: import.meta.env.DEV ? WatchProviders : undefined }),
    // A country changed in the settings shows on the next visit to a movie page.
    staleTime: 0,
  });

export const useWatchProviders = (id: number, who: string | null) => useQuery(watchProvidersQuery(id, who));
