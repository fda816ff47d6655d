/**
 * The query keys of the signed-in user's library, one owner for the features that share them
 * (library, transfer, recommendations, settings): everything under `all` is the user's own
 * (lib/auth.tsx forgets it on sign-out) and is refetched after a change with
 * `invalidateQueries({ queryKey: libraryKeys.all })`. The diary's own keys are the diary's
 * (features/diary/api/diary-shared.ts): an object is carried whole, and these are on every page.
 */
export const libraryKeys = {
  all: ['library'] as const,
  likes: ['library', 'likes'] as const,
  watch: ['library', 'watch-status'] as const,
  recent: ['library', 'recently-visited'] as const,
  settings: ['library', 'settings'] as const,
  forYou: ['library', 'for-you'] as const,
  playlists: ['library', 'playlists'] as const,
  playlistsWith: (tmdbId: number) => ['library', 'playlists', 'with', tmdbId] as const,
  playlistMovies: (id: number) => ['library', 'playlists', id, 'movies'] as const,
  playlistShare: (id: number) => ['library', 'playlists', id, 'share'] as const,
};
