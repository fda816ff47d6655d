import { ProfileSettings } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { profileUrl, socialKeys } from '../api/social-keys';

/** Where a username is chosen: the account page's Profile section (its field is focused there). */
export const CHOOSE_USERNAME_URL = '/account#profile';

/**
 * "Your profile" in the account menus: the signed-in user's /u/{username}, or, without a
 * username yet, the account page's username field, saying so ("Choose a username"). Until the
 * settings are read it goes to the account page too, which links to the profile. It reads
 * GET /api/user/profile itself (the key get-profile-settings.ts reads) and keeps its two words
 * here: the menus then share no module with the screens' social code, whose chunks (and the
 * landing pages' downloads) stay as they were.
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
  const { user } = useAuth();
  const settings = useQuery({
    queryKey: socialKeys.settings,
    queryFn: () =>
      apiFetch('/api/user/profile', { ...(import.meta.env.DEV ? { contract: ProfileSettings } : {}) }),
    enabled: !!user,
  });
  const username = settings.data?.username ?? null;
  const detail = username ? `@${username}` : settings.data ? 'Choose a username' : null;
  return (
    <Link to={username ? profileUrl(username) : CHOOSE_USERNAME_URL} onClick={onClick} className={className}>
      Your profile
      {detail && ' '}
      {detail && <span className={`${detailClassName} truncate`}>{detail}</span>}
    </Link>
  );
}
