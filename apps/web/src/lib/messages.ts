/**
 * The toasts of what every page's cards offer (the spec's texts, section "Messages"), each written
 * once: likes, and the "hide what I've seen" switch; a movie page's watch statuses, which the diary
 * shares, are lib/watch-messages.ts. The API's own messages (`{message}` of /api/user/*) are
 * @app/contracts/messages' LIBRARY_MESSAGES; a screen's own texts are its feature's messages.ts
 * (features/library for playlists and recently visited, features/diary, features/transfer,
 * features/social), so that a landing page does not carry them: the bundler keeps a module's
 * texts together.
 */

export const LIKE = {
  liked: 'Movie liked!',
  unliked: 'Movie unliked!',
  likeFailed: 'Failed to like movie.',
  unlikeFailed: 'Failed to unlike movie.',
  loginToLike: 'Please login to like movies',
  loginToUnlike: 'Please login to unlike movies',
} as const;

/** A settings change the server refused (it is put back in the page). */
export const settingNotSaved = (reason: string) => `Could not save the setting: ${reason}`;
