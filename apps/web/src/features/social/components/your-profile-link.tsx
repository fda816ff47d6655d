import { Link } from 'react-router';
import { useProfileSettings } from '../api/get-profile-settings';
import { profileUrl } from '../api/social-keys';
import { SOCIAL_TEXT } from '../messages';

/** Where a username is chosen: the account page's Profile section (its field is focused there). */
export const CHOOSE_USERNAME_URL = '/account#profile';

/**
 * "Your profile" in the account menus: the signed-in user's /u/{username}, or, without a
 * username yet, the account page's username field, saying so ("Choose a username"). Until the
 * settings are read it goes to the account page too, which links to the profile.
 */
export function YourProfileLink({
  onClick,
  className,
  detailClassName = 'block text-xs text-zinc-400',
}: {
  onClick: () => void;
  className: string;
  detailClassName?: string;
}) {
  const settings = useProfileSettings();
  const username = settings.data?.username ?? null;
  const detail = username ? `@${username}` : settings.data ? SOCIAL_TEXT.chooseUsername : null;
  return (
    <Link to={username ? profileUrl(username) : CHOOSE_USERNAME_URL} onClick={onClick} className={className}>
      {SOCIAL_TEXT.yourProfile}
      {detail && ' '}
      {detail && <span className={`${detailClassName} truncate`}>{detail}</span>}
    </Link>
  );
}
