/**
 * The library screens' and dialogs' toasts (playlists, recently visited), each written once: the
 * spec's texts, section "Messages". What every page's cards say is lib/messages.ts.
 */

export const PLAYLIST = {
  created: 'Playlist created!',
  renamed: 'Playlist renamed!',
  deleted: 'Playlist deleted!',
  movieAdded: 'Movie added to playlist!',
  movieRemoved: 'Movie removed from playlist!',
  createFailed: 'Failed to create playlist',
  renameFailed: 'Failed to rename playlist',
  deleteFailed: 'Failed to delete playlist',
  addFailed: 'Failed to add movie to playlist',
  removeFailed: 'Failed to remove movie from playlist',
  loginToCreate: 'Please login to create playlists',
  loginToRename: 'Please login to rename playlists',
  loginToDelete: 'Please login to delete playlists',
  loginToAdd: 'Please login to add movies to playlists',
  loginToRemove: 'Please login to remove movies from playlists',
  madePublic: 'Anyone with the link can now see this playlist',
  madePrivate: 'Playlist is private again',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy: the link is selected, copy it by hand',
} as const;

export const RECENTLY_VISITED = {
  removed: (title: string) => `Removed ${title} from recently visited!`,
  cleared: 'Recently visited cleared!',
  putBackFailed: 'Could not put it back.',
  removeFailed: 'Failed to remove it.',
  clearFailed: 'Failed to clear the list.',
} as const;
