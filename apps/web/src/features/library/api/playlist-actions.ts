import { useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { PlaylistCreated } from '@app/contracts';
import { LIBRARY_MESSAGES } from '@app/contracts/messages';
import { failure, keys } from './library-keys';
import { toastWithUndo } from './undo-toast';

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
      if (!guard('Please login to create playlists')) return null;
      try {
        const p = await apiFetch('/api/user/playlists', {
          method: 'POST',
          body: { name },
          contract: import.meta.env.DEV ? PlaylistCreated : undefined,
        });
        toast.success('Playlist created!');
        refresh();
        return p;
      } catch (err) {
        toast.error(failure(err, { 409: LIBRARY_MESSAGES.playlistNameTaken }, 'Failed to create playlist'));
        return null;
      }
    },
    async rename(id: number, name: string): Promise<boolean> {
      if (!guard('Please login to rename playlists')) return false;
      try {
        await apiFetch(`/api/user/playlists/${id}`, { method: 'PATCH', body: { name } });
        toast.success('Playlist renamed!');
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
            'Failed to rename playlist',
          ),
        );
        return false;
      } finally {
        refresh();
      }
    },
    async remove(id: number): Promise<boolean> {
      if (!guard('Please login to delete playlists')) return false;
      try {
        await apiFetch(`/api/user/playlists/${id}`, { method: 'DELETE' });
        toast.success('Playlist deleted!');
        // Its movie list went with it: not refetched into a 404 (the cache entry simply ages out).
        void qc.invalidateQueries({ queryKey: keys.playlists, predicate: (q) => q.queryKey[2] !== id });
        return true;
      } catch (err) {
        toast.error(
          failure(
            err,
            { 403: LIBRARY_MESSAGES.notOwner, 404: LIBRARY_MESSAGES.playlistNotFound },
            'Failed to delete playlist',
          ),
        );
        refresh();
        return false;
      }
    },
    async addMovie(id: number, tmdbId: number): Promise<boolean> {
      if (!guard('Please login to add movies to playlists')) return false;
      try {
        await apiFetch(`/api/user/playlists/${id}/movies`, { method: 'POST', body: { tmdb_id: tmdbId } });
        toast.success('Movie added to playlist!');
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          toast(LIBRARY_MESSAGES.alreadyInPlaylist);
          return true;
        }
        toast.error(failure(err, { 403: LIBRARY_MESSAGES.notOwner }, 'Failed to add movie to playlist'));
        return false;
      } finally {
        refresh(id);
      }
    },
    async removeMovie(id: number, tmdbId: number) {
      if (!guard('Please login to remove movies from playlists')) return;
      try {
        await apiFetch(`/api/user/playlists/${id}/movies/${tmdbId}`, { method: 'DELETE' });
        toastWithUndo('Movie removed from playlist!', () => actions.addMovie(id, tmdbId));
      } catch (err) {
        toast.error(
          failure(
            err,
            { 403: LIBRARY_MESSAGES.notOwner, 404: LIBRARY_MESSAGES.notInPlaylist },
            'Failed to remove movie from playlist',
          ),
        );
      }
      refresh(id);
    },
  };
  return actions;
}
