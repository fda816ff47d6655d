/**
 * The social rules a page checks as the user types, without zod (like ./countries): the contract
 * (./social.ts) builds its schemas on them, and the web app imports them from here.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** Letters, digits, `_` or `.`, starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.]*$/;

/** Words no one can take as a username (compared ignoring case; the database checks the same list). */
export const RESERVED_USERNAMES = [
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'cinelog',
  'everyone',
  'explore',
  'feed',
  'help',
  'login',
  'logout',
  'me',
  'moderator',
  'null',
  'official',
  'playlist',
  'playlists',
  'profile',
  'profiles',
  'root',
  'search',
  'settings',
  'signin',
  'signup',
  'staff',
  'support',
  'system',
  'undefined',
  'user',
  'users',
  'www',
] as const;

export const REPORT_REASONS = ['spam', 'abuse', 'spoilers', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
