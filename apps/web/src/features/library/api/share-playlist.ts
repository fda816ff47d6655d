import type { PlaylistShare, PublicPlaylist } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export type { PlaylistShare, PublicPlaylist };

// ── Public playlists ──
const shareKey = (id: number) => ['library', 'playlists', id, 'share'] as const;

export function usePlaylistShare(playlistId: number | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: shareKey(playlistId ?? 0),
    queryFn: () => apiFetch<PlaylistShare>(`/api/user/playlists/${playlistId}/share`),
    enabled: !!user && playlistId !== null,
  });
}

export function useSetPlaylistPublic(playlistId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (makePublic: boolean) =>
      apiFetch<PlaylistShare>(`/api/user/playlists/${playlistId}/share`, {
        method: makePublic ? 'POST' : 'DELETE',
      }),
    onSuccess: (share) => qc.setQueryData(shareKey(playlistId), share),
  });
}

/** GET a public playlist by its link's slug (no account needed). */
export const publicPlaylistUrl = (slug: string) => `/api/public/playlists/${encodeURIComponent(slug)}`;

export function usePublicPlaylist(slug: string) {
  return useQuery({
    queryKey: ['public-playlist', slug],
    queryFn: () => apiFetch<PublicPlaylist>(publicPlaylistUrl(slug)),
    staleTime: 0,
  });
}
