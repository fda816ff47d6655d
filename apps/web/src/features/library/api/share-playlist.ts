import { PlaylistShare, PublicPlaylist } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/library-keys';
import { useAuth } from '../../../lib/auth';

export type { PlaylistShare, PublicPlaylist };

// ── Public playlists ──
const shareKey = libraryKeys.playlistShare;

export function usePlaylistShare(playlistId: number | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: shareKey(playlistId ?? 0),
    queryFn: () =>
      apiFetch(`/api/user/playlists/${playlistId}/share`, {
        ...(import.meta.env.DEV ? { contract: PlaylistShare } : {}),
      }),
    enabled: !!user && playlistId !== null,
  });
}

export function useSetPlaylistPublic(playlistId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (makePublic: boolean) =>
      apiFetch(`/api/user/playlists/${playlistId}/share`, {
        method: makePublic ? 'POST' : 'DELETE',
        ...(import.meta.env.DEV ? { contract: PlaylistShare } : {}),
      }),
    onSuccess: (share) => qc.setQueryData(shareKey(playlistId), share),
  });
}

/** GET a public playlist by its link's slug (no account needed). */
export const publicPlaylistUrl = (slug: string) => `/api/public/playlists/${encodeURIComponent(slug)}`;

export function usePublicPlaylist(slug: string) {
  return useQuery({
    queryKey: ['public-playlist', slug],
    queryFn: () =>
      apiFetch(publicPlaylistUrl(slug), { ...(import.meta.env.DEV ? { contract: PublicPlaylist } : {}) }),
    staleTime: 0,
  });
}
