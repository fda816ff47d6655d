import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { withStyles } from '../../../lib/styles';

// A member's stars, review and diary: loaded once the session says someone is signed in, not with
// the page an anonymous visitor is served (decision 0088).
const MemberLog = lazy(() => withStyles(() => import('./your-log'))().then((m) => ({ default: m.YourLog })));

/**
 * The signed-out shape of "Your rating & diary". Until the session is known (or a member's part
 * has loaded) it holds the place, unseen: the page the server rendered (decision 0031) shows
 * before the session is read, and must not move when it is.
 */
export function SignedOutLog({ shown }: { shown: boolean }) {
  return (
    <section
      aria-labelledby="your-log"
      className="mt-8 max-w-3xl"
      {...(shown ? {} : { 'aria-hidden': true, style: { visibility: 'hidden' as const } })}
    >
      <h2 id="your-log" className="text-lg font-semibold">
        Your rating &amp; diary
      </h2>
      <p className="mt-2 text-sm text-zinc-400">
        <Link to="/login" className="text-red-400 underline hover:text-red-300">
          Sign in
        </Link>{' '}
        to rate, review and log this movie.
      </p>
    </section>
  );
}

/** The movie page's "Your rating & diary": a sign-in line for visitors, the member's log otherwise. */
export function YourLogSection({ tmdbId }: { tmdbId: number }) {
  const { user, ready } = useAuth();
  if (!ready || !user) return <SignedOutLog shown={ready} />;
  return (
    <Suspense fallback={<SignedOutLog shown={false} />}>
      <MemberLog tmdbId={tmdbId} />
    </Suspense>
  );
}
