import {
  RESERVED_USERNAMES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@app/contracts/social-rules';

export {
  REPORT_REASONS,
  RESERVED_USERNAMES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  type ReportReason,
} from '@app/contracts/social-rules';

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
  if ((RESERVED_USERNAMES as readonly string[]).includes(name.toLowerCase()))
    return 'That username is reserved';
  return null;
}
