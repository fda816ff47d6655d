/**
 * The contract's plain rules (packages/contracts/src/social.ts), copied: importing them from there
 * would bring zod into the browser's bundle with the module's schemas. rules.test.ts checks each
 * copy against the contract, so the two cannot drift apart.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.]*$/;
export const RESERVED_USERNAMES: readonly string[] = [
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
];
export const REPORT_REASONS = ['spam', 'abuse', 'spoilers', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * What is wrong with a username, in the API's words (the contract's `Username`), or null: checked
 * in the page as it is typed.
 */
export function usernameProblem(raw: string): string | null {
  const name = raw.trim();
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX)
    return `username must be ${USERNAME_MIN}–${USERNAME_MAX} characters`;
  if (!USERNAME_PATTERN.test(name))
    return 'username may hold only letters, digits, _ and ., and must start with a letter or digit';
  if (RESERVED_USERNAMES.includes(name.toLowerCase())) return 'That username is reserved';
  return null;
}
