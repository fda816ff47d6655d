import { ConfigResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** Every page asks for the site's configuration first. */
export const CONFIG_URL = '/api/config';

export const configQuery = {
  queryKey: ['config'],
  queryFn: () => apiFetch(CONFIG_URL, { contract: import.meta.env.DEV ? ConfigResponse : undefined }),
  staleTime: Infinity,
} as const;

export function useConfig() {
  return useQuery(configQuery);
}

export type ImageSize = 'w92' | 'w500' | 'original' | 'w185' | 'w780';

/** An image URL from a TMDB path: the CDN in live mode, our generated art offline. */
export function useImageUrl() {
  const { data } = useConfig();
  const base = data?.images.base_url ?? '/api/images/';
  return (path: string | null | undefined, size: ImageSize) => (path ? `${base}${size}${path}` : null);
}
