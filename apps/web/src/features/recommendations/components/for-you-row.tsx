import { Link } from 'react-router';
import { MovieCard } from '../../../components/ui/movie-card';
import { useForYou } from '../api/get-for-you';

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
 * film (or while the recommender is unavailable).
 */
export default function ForYouRow() {
  const forYou = useForYou();
  const picks = forYou.data?.results ?? [];
  if (!picks.length) return null;
  return (
    <section aria-labelledby="row-for-you" className="mt-10">
      <div className="mb-3">
        <h2 id="row-for-you" className="text-xl font-semibold">
          For You
        </h2>
        <p className="text-sm text-zinc-400">From the films you liked, watched and saved</p>
      </div>
      <ul className="no-scrollbar flex gap-4 overflow-x-auto scroll-smooth pb-2">
        {picks.map((m) => (
          <li key={m.id} className="w-36 shrink-0 sm:w-44">
            <MovieCard movie={m} />
            <p className="mt-1.5 line-clamp-2 text-xs text-zinc-400">
              {m.because.popular ? 'Popular lately · you ' : 'Because you '}
              {VERB[m.because.kind]}{' '}
              <Link to={`/movie/${m.because.tmdb_id}`} className="text-zinc-200 hover:text-white">
                {m.because.title}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
