import { Link, useParams } from 'react-router';
import { SignInFirst } from '../components/layouts/sign-in-first';
import { PageShell } from '../components/layouts/page-shell';
import { ErrorText } from '../components/ui/empty-state';
import { Spinner } from '../components/ui/spinner';
import { useProfile } from '../features/social/api/get-profile';
import { useProfileSettings } from '../features/social/api/get-profile-settings';
import { profileUrl } from '../features/social/api/social-keys';
import { FeedList } from '../features/social/components/feed-list';
import { PeopleSearch } from '../features/social/components/people-search';
import { ProfileNotFound } from '../features/social/components/profile-not-found';
import { ProfileView } from '../features/social/components/profile-view';
import { SOCIAL_TEXT } from '../features/social/messages';
import { ApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/document-title';

/** /u/{username}: a person's profile; 404 for a name nobody has or whose owner blocked the viewer. */
export function ProfilePage() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  useDocumentTitle(profile.data ? `@${profile.data.username}` : null);
  if (profile.error instanceof ApiError && profile.error.status === 404) return <ProfileNotFound />;
  if (profile.isError)
    return (
      <div className="pt-24">
        <ErrorText error={profile.error} onRetry={() => void profile.refetch()} />
      </div>
    );
  if (!profile.data)
    return (
      <div className="pt-24">
        <Spinner label="Loading profile" />
      </div>
    );
  return <ProfileView profile={profile.data} />;
}

/** Where the signed-in user's own profile and settings are, or why they have no profile yet. */
function OwnProfileLinks() {
  const settings = useProfileSettings();
  const username = settings.data?.username;
  return (
    <p className="text-sm text-zinc-400">
      {username ? (
        <Link to={profileUrl(username)} className="text-red-400 underline">
          {SOCIAL_TEXT.viewProfile}
        </Link>
      ) : settings.data ? (
        <Link to="/account" className="text-red-400 underline">
          {SOCIAL_TEXT.needUsername}
        </Link>
      ) : null}
    </p>
  );
}

/** /feed: what the people the user follows did, and a search to find more people. */
export function FeedPage() {
  const { user, ready } = useAuth();
  if (!ready)
    return (
      <PageShell title={SOCIAL_TEXT.feedTitle}>
        <Spinner />
      </PageShell>
    );
  if (!user)
    return <SignInFirst title={SOCIAL_TEXT.feedTitle}>to follow people and see what they watch.</SignInFirst>;
  return (
    <PageShell title={SOCIAL_TEXT.feedTitle} subtitle={SOCIAL_TEXT.feedSubtitle}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="order-2 lg:order-1">
          <FeedList />
        </div>
        <aside className="order-1 space-y-3 lg:order-2">
          <PeopleSearch />
          <OwnProfileLinks />
        </aside>
      </div>
    </PageShell>
  );
}
