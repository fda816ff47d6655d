import type { ForYouResponse } from '@app/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MovieRow } from '../../../components/ui/movie-row';
import { useForYou } from '../api/get-for-you';
import { isPreparing } from '../api/preparing';
import { Preparing } from './preparing';

const VERB = {
  like: 'liked',
  watched: 'watched',
  playlist: 'saved',
  want_to_watch: 'want to watch',
  rated: 'rated',
  friend: 'rated',
} as const;

type Reason = ForYouResponse['results'][number]['because'];

/** Why a pick is there: a film of theirs ("Because you liked Toy Story") or someone they follow (decision 0095). */
function Because({ because: b }: { because: Reason }) {
  if (b.friend)
    return (
      <>
        {'Because '}
        <Link to={`/u/${encodeURIComponent(b.friend.username)}`} className="text-zinc-200 hover:text-white">
          {b.friend.username}
        </Link>
        {b.friend.rating === null ? ' liked it' : ` rated it ${b.friend.rating} stars`}
      </>
    );
  return (
    <>
      {b.popular ? 'Popular lately · you ' : 'Because you '}
      {VERB[b.kind]}{' '}
      <Link to={`/movie/${b.tmdb_id}`} className="text-zinc-200 hover:text-white">
        {b.title}
      </Link>
    </>
  );
}

/**
 * "For You" on the home page: at most 20 picks from the recommender for the signed-in user, each
 * with the film of theirs that brought it (a popular-lately pick: their film of the same genre). Nothing shows until they have liked, watched or saved a
 * film (or while the recommender is unavailable); while it prepares its first model, the row says so.
 */
export default function ForYouRow({ onShown }: { onShown?: () => void }) {
  const forYou = useForYou();
  const picks = forYou.data?.results ?? [];
  const shown = picks.length > 0;
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  if (!picks.length)
    // While the recommender prepares its first model the row says so, and fills in by itself.
    return isPreparing(forYou.error) ? (
      <section aria-labelledby="for-you-preparing" className="mt-10">
        <h2 id="for-you-preparing" className="text-xl font-semibold">
          For You
        </h2>
        <Preparing />
      </section>
    ) : null;
  return (
    <MovieRow
      title="For You"
      subtitle="From the films you liked, watched and saved, and the people you follow"
      movies={picks}
      below={(m) => (
        <p className="mt-1.5 line-clamp-2 text-xs text-zinc-400">
          <Because because={m.because} />
        </p>
      )}
    />
  );
}
