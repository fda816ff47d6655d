import { RECOMMENDATION_MESSAGES } from '@app/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useSyncExternalStore, type ReactNode } from 'react';
import { MovieGrid } from '../../../components/ui/movie-grid';
import { Spinner } from '../../../components/ui/spinner';
import { similarMoviesQuery } from '../api/get-similar-movies';
import { isPreparing } from '../api/preparing';
import { Preparing } from './preparing';

/**
 * The movie page's Recommended Movies (spec: a loading state, at most 12, "No recommendations
 * found." when there are none). While the recommender prepares its first model it says so and
 * fills in by itself once the list comes (decision 0080). `cards` wraps the grid (the page gives
 * its cards the library's actions).
 */
const noSubscription = () => () => undefined;

export function RecommendationsSection({
  id,
  hide = false,
  enabled = true,
  cards = (grid) => grid,
}: {
  id: number;
  hide?: boolean;
  enabled?: boolean;
  cards?: (grid: ReactNode) => ReactNode;
}) {
  // Below the fold, asked for by the browser: the server's render of a movie page (decision 0031)
  // shows the loading line here and neither waits for the recommender nor carries the list (nor
  // twelve cards' markup) in the page's HTML; a page the browser renders itself asks at once, a
  // hydrated one right after hydrating (false on the server and while hydrating). Decision 0088.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const recs = useQuery({ ...similarMoviesQuery(id, hide), enabled: enabled && inBrowser });
  // Its cards render in interruptible slices, not in one long task.
  const movies = useDeferredValue(recs.data);
  return (
    <section aria-labelledby="recs" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="recs" className="text-xl font-semibold">
            Recommended Movies
          </h2>
          <p className="text-sm text-zinc-400">Based on what you're viewing</p>
        </div>
        <span className="rounded-full bg-zinc-800 px-3 py-1 text-xs text-zinc-300">
          Powered by machine learning
        </span>
      </div>
      <div className="mt-4">
        {/* The server's render shows no loading line that no script would end: without JavaScript
            the page has no recommendations, and says nothing is loading. */}
        {!inBrowser ? null : isPreparing(recs.error) && !recs.data ? (
          <Preparing />
        ) : recs.isPending || (recs.data && !movies) ? (
          <Spinner label="Loading recommendations" />
        ) : movies && movies.length > 0 ? (
          cards(<MovieGrid movies={movies} />)
        ) : (
          <p className="text-sm text-zinc-400">{RECOMMENDATION_MESSAGES.none}</p>
        )}
      </div>
    </section>
  );
}
