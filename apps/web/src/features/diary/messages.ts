import { ratingText } from './utils/format';

/** The diary's toasts, each written once (the library's, which it shares, are lib/messages.ts). */
export const DIARY_TEXT = {
  reviewSaved: 'Review saved!',
  rated: (rating: number | null) => `Rated ${ratingText(rating)}`,
  ratingRemoved: 'Rating removed',
  ratingSaveFailed: 'Failed to save your rating.',
  ratingRemoveFailed: 'Failed to remove your rating.',
  logFailed: 'Failed to log the viewing.',
  loggedFor: (day: string) => `Logged for ${day}`,
  /** A logged viewing took the film off the watchlist (decision 0082). */
  offWatchlist: (said: string) => `${said} · Removed from your watchlist`,
  deleted: (title: string, day: string) => `Deleted ${title} (${day}) from your diary`,
  restored: 'Diary entry restored',
  deleteFailed: 'Failed to delete the diary entry.',
  updated: 'Diary entry updated',
  updateFailed: 'Failed to update the diary entry.',
} as const;
