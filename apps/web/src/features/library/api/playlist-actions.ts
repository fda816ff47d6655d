import { useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { MessageResponse, PlaylistCreated, PlaylistRenamed } from '@app/contracts';
import { LIBRARY_MESSAGES } from '@app/contracts/messages';
import { failure, keys } from './library-keys';
import { toastWithUndo } from './undo-toast';
import { PLAYLIST } from '../messages';

export function usePlaylistActions() {
  const { user } = useAuth();
  const qc = useQueryClient();
  const refresh = (id?: number) => {
    void qc.invalidateQueries({ queryKey: keys.playlists });
    if (id !== undefined) void qc.invalidateQueries({ queryKey: keys.playlistMovies(id) });
  };
  const guard = (message: string) => {
    if (!user) toast.error(message);
    return !!user;
  };
  const actions = {
    async create(name: string): Promise<PlaylistCreated | null> {
      if (!guard(PLAYLIST.loginToCreate)) return null;
      try {
        const p = await apiFetch('/api/user/playlists', {
          method: 'POST',
          body: { name },
          ...(import.meta.env.DEV ? { contract: PlaylistCreated } : {}),
        });
        toast.success(PLAYLIST.created);
        refresh();
        return p;
      } catch (err) {
        toast.error(failure(err, { 409: LIBRARY_MESSAGES.playlistNameTaken }, PLAYLIST.createFailed));
        return null;
      }
    },
    async rename(id: number, name: string): Promise<boolean> {
      if (!guard(PLAYLIST.loginToRename)) return false;
      try {
        await apiFetch(`/api/user/playlists/${id}`, {
          method: 'PATCH',
          body: { name },
          ...(import.meta.env.DEV ? { contract: PlaylistRenamed } : {}),
        });
        toast.success(PLAYLIST.renamed);
        return true;
      } catch (err) {
        toast.error(
          failure(
            err,
            {
              403: LIBRARY_MESSAGES.notOwner,
              404: LIBRARY_MESSAGES.playlistNotFound,
              409: LIBRARY_MESSAGES.playlistNameTaken,
            },
            PLAYLIST.renameFailed,
          ),
        );
        return false;
      } finally {
        refresh();
      }
    },
    async remove(id: number): Promise<boolean> {
      if (!guard(PLAYLIST.loginToDelete)) return false;
      try {
        await apiFetch(`/api/user/playlists/${id}`, {
          method: 'DELETE',
          ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
        });
        toast.success(PLAYLIST.deleted);
        // Its movie list went with it: not refetched into a 404 (the cache entry simply ages out).
        void qc.invalidateQueries({ queryKey: keys.playlists, predicate: (q) => q.queryKey[2] !== id });
        return true;
      } catch (err) {
        toast.error(
          failure(
            err,
            { 403: LIBRARY_MESSAGES.notOwner, 404: LIBRARY_MESSAGES.playlistNotFound },
            PLAYLIST.deleteFailed,
          ),
        );
        refresh();
        return false;
      }
    },
    async addMovie(id: number, tmdbId: number): Promise<boolean> {
      if (!guard(PLAYLIST.loginToAdd)) return false;
      try {
        await apiFetch(`/api/user/playlists/${id}/movies`, {
          method: 'POST',
          body: { tmdb_id: tmdbId },
          ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
        });
        toast.success(PLAYLIST.movieAdded);
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          toast(LIBRARY_MESSAGES.alreadyInPlaylist);
          return true;
        }
        toast.error(failure(err, { 403: LIBRARY_MESSAGES.notOwner }, PLAYLIST.addFailed));
        return false;
      } finally {
        refresh(id);
      }
    },
    async removeMovie(id: number, tmdbId: number) {
      if (!guard(PLAYLIST.loginToRemove)) return;
      try {
        await apiFetch(`/api/user/playlists/${id}/movies/${tmdbId}`, {
          method: 'DELETE',
          ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
        });
        toastWithUndo(PLAYLIST.movieRemoved, () => actions.addMovie(id, tmdbId));
      } catch (err) {
        toast.error(
          failure(
            err,
            { 403: LIBRARY_MESSAGES.notOwner, 404: LIBRARY_MESSAGES.notInPlaylist },
            PLAYLIST.removeFailed,
          ),
        );
      }
      refresh(id);
    },
  };
  return actions;
}
