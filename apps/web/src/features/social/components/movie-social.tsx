import { useAuth } from '../../../lib/auth';
import { FriendsWhoWatched } from './friends-who-watched';
import { ReviewsSection } from './reviews-section';

/**
 * The movie page's social part (issue 46): "Friends who watched" for a signed-in user and
 * everyone's public reviews. Its own chunk, loaded by the page once the session is known (never
 * on the server, nor in a movie page's first download: decision 0094).
 */
export default function MovieSocial({ tmdbId }: { tmdbId: number }) {
  const { user } = useAuth();
  return (
    <>
      {user && <FriendsWhoWatched tmdbId={tmdbId} />}
      <ReviewsSection tmdbId={tmdbId} />
    </>
  );
}
