import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { Playlist } from '@app/contracts';
import { keys } from './library-keys';

export function usePlaylists() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.playlists,
    queryFn: () =>
      apiFetch('/api/user/playlists', { ...(import.meta.env.DEV ? { contract: Playlist.array() } : {}) }),
    enabled: !!user,
  });
}
/** The playlists, each saying whether it holds `tmdbId` (the add-to-playlist modal). */
export function usePlaylistsWith(tmdbId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.playlistsWith(tmdbId),
    queryFn: () =>
      apiFetch(`/api/user/playlists?tmdb_id=${tmdbId}`, {
        ...(import.meta.env.DEV ? { contract: Playlist.array() } : {}),
      }),
    enabled: !!user,
  });
}
