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
} as const;

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
      subtitle="From the films you liked, watched and saved"
      movies={picks}
      below={(m) => (
        <p className="mt-1.5 line-clamp-2 text-xs text-zinc-400">
          {m.because.popular ? 'Popular lately · you ' : 'Because you '}
          {VERB[m.because.kind]}{' '}
          <Link to={`/movie/${m.because.tmdb_id}`} className="text-zinc-200 hover:text-white">
            {m.because.title}
          </Link>
        </p>
      )}
    />
  );
}
