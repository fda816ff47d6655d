import type { LikedMovie, PlaylistMovie, RecentlyVisitedEntry, WatchStatus } from '@app/contracts';
import { SESSION_EXPIRED } from '@app/contracts/messages';
import { ApiError } from '../../../lib/api-client';

// The shapes are the API's contracts (packages/contracts/src/library.ts), never written here.
export type { Playlist, WatchStatusEntry } from '@app/contracts';
/** Any movie of a library list (likes, recently visited, a playlist's movies). */
export type LibraryMovie = LikedMovie | RecentlyVisitedEntry | PlaylistMovie;
export type WatchStatusValue = WatchStatus;
export { SESSION_EXPIRED };

/** The library's query keys: lib/library-keys.ts owns them (the diary and imports share them). */
export { libraryKeys as keys } from '../../../lib/library-keys';

/** The movie id of a library item (every list carries `tmdb_id`; likes also `id` and `movie_id`). */
export const libraryId = (m: { tmdb_id: number }) => m.tmdb_id;

/** The message for a failed library call: 401 is always the session one, then by status. */
export const failure = (err: unknown, byStatus: Record<number, string>, fallback: string) => {
  const status = err instanceof ApiError ? err.status : 0;
  if (status === 401) return SESSION_EXPIRED;
  return byStatus[status] ?? fallback;
};
