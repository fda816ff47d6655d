import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';

export interface LibraryMovie {
  tmdb_id: number;
  id?: number;
  movie_id?: number;
  title: string;
  overview?: string;
  poster_path: string | null;
  vote_average: number;
}
export interface WatchEntry extends LibraryMovie {
  status: 'watched' | 'want_to_watch';
}
export interface Playlist {
  playlist_id: number;
  name: string;
  created_at: string;
  movie_count: number;
  /** Only when asked for one movie: whether this playlist holds it. */
  contains_movie?: boolean;
}
export type WatchStatusValue = WatchEntry['status'];

export const SESSION_EXPIRED = 'Session expired. Please login again.';

const keys = {
  likes: ['library', 'likes'] as const,
  watch: ['library', 'watch-status'] as const,
  recent: ['library', 'recently-visited'] as const,
  playlists: ['library', 'playlists'] as const,
  playlistsWith: (tmdbId: number) => ['library', 'playlists', 'with', tmdbId] as const,
  playlistMovies: (id: number) => ['library', 'playlists', id, 'movies'] as const,
};

/** The movie id of a library item: id, movie_id or tmdb_id (spec: Liked). */
export const libraryId = (m: LibraryMovie) => m.tmdb_id ?? m.movie_id ?? m.id;

export function useLikes() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.likes,
    queryFn: () => apiFetch<LibraryMovie[]>('/api/user/likes'),
    enabled: !!user,
  });
}
export function useWatchStatus() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.watch,
    queryFn: () => apiFetch<WatchEntry[]>('/api/user/watch-status'),
    enabled: !!user,
  });
}
export function useRecentlyVisited() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.recent,
    queryFn: () => apiFetch<LibraryMovie[]>('/api/user/recently-visited'),
    enabled: !!user,
  });
}
export function usePlaylists() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.playlists,
    queryFn: () => apiFetch<Playlist[]>('/api/user/playlists'),
    enabled: !!user,
  });
}
/** The playlists, each saying whether it holds `tmdbId` (the add-to-playlist modal). */
export function usePlaylistsWith(tmdbId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.playlistsWith(tmdbId),
    queryFn: () => apiFetch<Playlist[]>(`/api/user/playlists?tmdb_id=${tmdbId}`),
    enabled: !!user,
  });
}
/** Fetched only when signed in and a playlist id exists (spec section 6). */
export function usePlaylistMovies(id: number | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.playlistMovies(id ?? 0),
    queryFn: () => apiFetch<LibraryMovie[]>(`/api/user/playlists/${id}/movies`),
    enabled: !!user && id !== null,
  });
}

const failure = (err: unknown, byStatus: Record<number, string>, fallback: string) => {
  const status = err instanceof ApiError ? err.status : 0;
  if (status === 401) return SESSION_EXPIRED;
  return byStatus[status] ?? fallback;
};

/** Like / unlike with the spec's rules: 409 on like is success, unlike needs 'Like removed'. */
export function useLikeToggle(tmdbId: number) {
  const { user, ready } = useAuth();
  const qc = useQueryClient();
  const likes = useLikes();
  const liked = !!likes.data?.some((m) => libraryId(m) === tmdbId);
  const mutation = useMutation({
    mutationFn: async (like: boolean) => {
      if (like) {
        try {
          await apiFetch('/api/user/likes', { method: 'POST', body: { tmdb_id: tmdbId } });
          toast.success('Movie liked!');
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) {
            toast('Movie already liked');
            return;
          }
          throw err;
        }
      } else {
        const res = await apiFetch<{ message?: string }>(`/api/user/likes/${tmdbId}`, { method: 'DELETE' });
        if (res?.message !== 'Like removed') throw new Error('Unexpected response');
        toast.success('Movie unliked!');
      }
    },
    onError: (err, like) => {
      toast.error(
        failure(
          err,
          like ? {} : { 404: 'Movie not in your likes' },
          like ? 'Failed to like movie.' : 'Failed to unlike movie.',
        ),
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.likes }),
  });
  const toggle = () => {
    // Until the session is read, we cannot tell a signed-in user from a visitor: wait, do not scold.
    if (!ready) return;
    if (!user) {
      toast.error(liked ? 'Please login to unlike movies' : 'Please login to like movies');
      return;
    }
    mutation.mutate(!liked);
  };
  return { liked, toggle, pending: mutation.isPending };
}

const WATCH_TEXT = {
  watched: {
    set: 'Movie marked as watched!',
    already: 'Already marked as watched.',
    cleared: 'Removed from your watched movies!',
    login: 'Please login to mark movies as watched',
  },
  want_to_watch: {
    set: 'Added to your watchlist!',
    already: 'Already in your watchlist.',
    cleared: 'Removed from your watchlist!',
    login: 'Please login to use your watchlist',
  },
} as const;

/**
 * A movie's watch statuses. Watched and want-to-watch are independent (spec section 4): setting
 * one posts only that status and never clears the other; each is cleared on its own.
 */
export function useWatchStatusOf(tmdbId: number) {
  const { user, ready } = useAuth();
  const qc = useQueryClient();
  const entries = useWatchStatus();
  const held = new Set(entries.data?.filter((e) => e.tmdb_id === tmdbId).map((e) => e.status));
  const mutation = useMutation({
    mutationFn: async ({ status, on }: { status: WatchStatusValue; on: boolean }) => {
      if (on) {
        await apiFetch('/api/user/watch-status', { method: 'POST', body: { tmdb_id: tmdbId, status } });
        return;
      }
      try {
        await apiFetch(`/api/user/watch-status/${tmdbId}?status=${status}`, { method: 'DELETE' });
      } catch (err) {
        // Already cleared (another tab): the wanted state holds.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
    },
    onSuccess: (_r, { status, on }) =>
      toast.success(on ? WATCH_TEXT[status].set : WATCH_TEXT[status].cleared),
    onError: (err) => toast.error(failure(err, {}, 'Failed to update status.')),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.watch }),
  });
  const allowed = (status: WatchStatusValue) => {
    if (!ready) return false;
    if (!user) toast.error(WATCH_TEXT[status].login);
    return !!user;
  };
  const set = (status: WatchStatusValue) => {
    if (!allowed(status)) return;
    if (held.has(status)) {
      toast(WATCH_TEXT[status].already);
      return;
    }
    mutation.mutate({ status, on: true });
  };
  const clear = (status: WatchStatusValue) => {
    if (allowed(status)) mutation.mutate({ status, on: false });
  };
  return {
    watched: held.has('watched'),
    wantToWatch: held.has('want_to_watch'),
    set,
    clear,
    pending: mutation.isPending,
  };
}

/** Clears one status from a list page (the × on a Watched or Watchlist card). */
export function useClearWatchStatus(status: WatchStatusValue) {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (tmdbId: number) => {
      try {
        await apiFetch(`/api/user/watch-status/${tmdbId}?status=${status}`, { method: 'DELETE' });
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
    },
    onSuccess: () => toast.success(WATCH_TEXT[status].cleared),
    onError: (err) => toast.error(failure(err, {}, 'Failed to update status.')),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.watch }),
  });
  return (tmdbId: number) => mutation.mutate(tmdbId);
}

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
  return {
    async create(name: string): Promise<Playlist | null> {
      if (!guard('Please login to create playlists')) return null;
      try {
        const p = await apiFetch<Playlist>('/api/user/playlists', { method: 'POST', body: { name } });
        toast.success('Playlist created!');
        refresh();
        return p;
      } catch (err) {
        toast.error(failure(err, {}, 'Failed to create playlist'));
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
            { 403: 'You don’t own this playlist', 404: 'Playlist not found' },
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
            { 403: 'You don’t own this playlist', 404: 'Playlist not found' },
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
          toast('Movie already in playlist');
          return true;
        }
        toast.error(failure(err, { 403: 'You don’t own this playlist' }, 'Failed to add movie to playlist'));
        return false;
      } finally {
        refresh(id);
      }
    },
    async removeMovie(id: number, tmdbId: number) {
      if (!guard('Please login to remove movies from playlists')) return;
      try {
        await apiFetch(`/api/user/playlists/${id}/movies/${tmdbId}`, { method: 'DELETE' });
        toast.success('Movie removed from playlist!');
      } catch (err) {
        toast.error(
          failure(
            err,
            { 403: 'You don’t own this playlist', 404: 'Movie not in playlist' },
            'Failed to remove movie from playlist',
          ),
        );
      }
      refresh(id);
    },
  };
}

export function useLogVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tmdbId: number) =>
      apiFetch('/api/user/recently-visited', { method: 'POST', body: { tmdb_id: tmdbId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.recent }),
  });
}
