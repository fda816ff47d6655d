/**
 * A movie's watch statuses' toasts (the spec's texts, section "Messages"), each written once: the
 * movie page's buttons and the library lists, and the diary's Undo of a logged viewing. A module
 * of their own, so that a page without watch buttons (/) does not carry them.
 */

/** A watch status's toasts: set, already set, cleared (with Undo), and signed out. */
export const WATCH_TEXT = {
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

export const STATUS_FAILED = 'Failed to update status.';
/** The button of "marked as watched" on a film still on the watchlist (decision 0082). */
export const ALSO_REMOVE_FROM_WATCHLIST = 'Also remove from watchlist';
