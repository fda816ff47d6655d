import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { PlaylistMovie } from '@app/contracts';
import { keys } from './library-keys';

/** Fetched only when signed in and a playlist id exists (spec section 6). */
export function usePlaylistMovies(id: number | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.playlistMovies(id ?? 0),
    queryFn: () =>
      apiFetch(`/api/user/playlists/${id}/movies`, {
        ...(import.meta.env.DEV ? { contract: PlaylistMovie.array() } : {}),
      }),
    enabled: !!user && id !== null,
  });
}
