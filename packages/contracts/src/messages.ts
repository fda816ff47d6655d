// The spec's user-facing messages, defined once: the API sends them, the browser shows them and
// maps Better Auth's codes to them. Plain constants (no zod), so the web imports them at no cost
// through `@app/contracts/messages`.

export { SESSION_EXPIRED } from './session-expired';
export * from './auth-messages';

/**
 * Machine-readable error codes the browser branches on (`{message, code}`): Better Auth's own,
 * kept as it sends them, and ours for the checks the API adds in front of it.
 */
export const ERROR_CODES = {
  invalidEmail: 'INVALID_EMAIL',
  userAlreadyExists: 'USER_ALREADY_EXISTS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidEmailOrPassword: 'INVALID_EMAIL_OR_PASSWORD',
  invalidPassword: 'INVALID_PASSWORD',
  userNotFound: 'USER_NOT_FOUND',
  passwordTooShort: 'PASSWORD_TOO_SHORT',
  passwordTooLong: 'PASSWORD_TOO_LONG',
  /** Deleting an account made by Google sign-in, which has no password. */
  credentialAccountNotFound: 'CREDENTIAL_ACCOUNT_NOT_FOUND',
  /** A 503 of the recommendations while the recommender's first model is prepared: ask again (decision 0080). */
  recommendationsPreparing: 'RECOMMENDATIONS_PREPARING',
} as const;

/**
 * The recommendations' texts: the spec's for an empty answer, and ours while the recommender's
 * first model is prepared on a fresh install (decision 0080; never "none found" then).
 */
export const RECOMMENDATION_MESSAGES = {
  none: 'No recommendations found.',
  preparing: 'Recommendations are being prepared…',
} as const;

/** The personal library's answers (`{message}` of /api/user/*), some also the spec's toasts. */
export const LIBRARY_MESSAGES = {
  liked: 'Movie liked',
  alreadyLiked: 'Movie already liked',
  likeRemoved: 'Like removed',
  notLiked: 'Movie not in your likes',
  movieNotFound: 'Movie not found',
  playlistDeleted: 'Playlist deleted',
  playlistRenamed: 'Playlist renamed',
  playlistNameTaken: 'You already have a playlist with that name',
  playlistNotFound: 'Playlist not found',
  notOwner: 'You don’t own this playlist',
  addedToPlaylist: 'Movie added to playlist',
  alreadyInPlaylist: 'Movie already in playlist',
  removedFromPlaylist: 'Movie removed from playlist',
  notInPlaylist: 'Movie not in playlist',
  statusUpdated: 'Watch status updated',
  statusCleared: 'Watch status cleared',
  noStatus: 'Movie has no watch status',
  notWatched: 'Movie is not marked as watched',
  notOnWatchlist: 'Movie is not in your watchlist',
  visitLogged: 'Visit logged',
  visitRemoved: 'Removed from recently visited',
  notVisited: 'Movie not in your recently visited',
  visitsCleared: 'Recently visited cleared',
  visitsRestored: 'Recently visited restored',
  inDiary: 'This movie is in your diary: delete its diary entries to unmark it as watched',
} as const;
