import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { ErrorText } from '../components/ui/empty-state';
import { MovieRow } from '../components/ui/movie-row';
import { HeroSkeleton, RowSkeleton } from '../components/ui/skeletons';
import { useDocumentTitle } from '../lib/document-title';
import { useLikes } from '../features/library/api/get-likes';
import { useRecentlyVisited } from '../features/library/api/get-recently-visited';
import { asCards } from '../features/library/utils/as-cards';
import { HeroLikeButton, WithLibraryCardActions } from '../features/library/components/card-actions';
import { movieListQuery } from '../features/movies/api/get-movie-list';
import { HeroCarousel } from '../features/movies/components/hero-carousel';
import { useHideSeen } from '../features/library/hooks/hide-seen';
import { useAuth } from '../lib/auth';
import { useForYou } from '../features/recommendations/api/get-for-you';
import { HOME_ROWS_ID } from '@app/contracts/home-rows';
import { useRowsSpace } from '../lib/rows-space';
import { HydrationBoundary } from '../lib/hydration-boundary';

// Signed-in users only: loaded on demand, outside the first route's download budget.
const ForYouRow = lazy(() => import('../features/recommendations/components/for-you-row'));

/** The longest the user's rows wait for each other before those that are there show. */
const ROWS_WAIT_MS = 3000;

/** A signed-in user's rows have all arrived (For You: shown, or known to be empty). */
function userRowsSettled(
  likes: { isPending: boolean },
  recent: { isPending: boolean },
  forYou: { isPending: boolean; data?: { results: unknown[] } },
  forYouShown: boolean,
): boolean {
  if (likes.isPending || recent.isPending || forYou.isPending) return false;
  return forYouShown || !forYou.data?.results.length;
}

export default function HomePage() {
  // With "hide what I've seen" on, the rows leave out the user's films (and wait to know it).
  const seen = useHideSeen();
  const view = { hide: seen.hide };
  // Three useQuery calls, not useQueries: the same answers, without useQueries' observer in the
  // page's download (1.4 KB gzip, decision 0088).
  const enabled = !seen.pending;
  const lists = [
    useQuery({ ...movieListQuery('popular', 1, view), enabled }),
    useQuery({ ...movieListQuery('now_playing', 1, view), enabled }),
    useQuery({ ...movieListQuery('top_rated', 1, view), enabled }),
  ] as const;
  const likes = useLikes();
  const recent = useRecentlyVisited();
  const { user, ready } = useAuth();
  const forYou = useForYou();
  const [forYouShown, setForYouShown] = useState(false);
  // The user's rows are all there (or known to be absent): they show together (For You arriving
  // after Liked Movies pushed it down: a shift inside the space kept for them), their height is
  // kept for the next visit's first paint, and this visit's reserved space is handed back
  // (decision 0063). A row that is slow (the recommender) holds the others at most ROWS_WAIT_MS.
  const settled = ready && (!user || userRowsSettled(likes, recent, forYou, forYouShown));
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setWaited(false);
    if (!user) return;
    const timer = setTimeout(() => setWaited(true), ROWS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [user?.uid]); // eslint-disable-line react-hooks/exhaustive-deps
  const rows = useRowsSpace(settled, user?.uid ?? null);
  // The hero and three rows of 20 cards are a lot of work for a phone's CPU at once: deferred
  // values let React render them in short, interruptible slices once the lists arrive.
  const popular = useDeferredValue(lists[0].data);
  const nowPlaying = useDeferredValue(lists[1].data);
  const topRated = useDeferredValue(lists[2].data);
  useDocumentTitle(null);
  if (lists.every((q) => q.isError))
    return (
      <div className="pt-24">
        <ErrorText error={lists[0].error} onRetry={() => lists.forEach((q) => void q.refetch())} />
      </div>
    );
  return (
    <WithLibraryCardActions>
      {/* Each part keeps its place while it loads: a skeleton of its shape, then itself. */}
      {popular ? (
        // Hydrated on its own, as each row is (lib/hydration-boundary.tsx).
        popular.results.length > 0 && (
          <HydrationBoundary>
            <HeroCarousel
              movies={popular.results}
              actions={(m) => <HeroLikeButton id={m.id} title={m.title} />}
            />
          </HydrationBoundary>
        )
      ) : lists[0].isError ? null : (
        <HeroSkeleton />
      )}
      {/* Keys on the rows: a row that arrives with another row already on the page is inserted,
          not matched with that row and moved, which would show as a layout shift. */}
      <div className="mx-auto max-w-7xl px-page">
        {/* The signed-in rows, in a box whose height the server may reserve at the first paint
            (a flow root: the first row's margin is inside it, so its height is the rows' own). */}
        <div id={HOME_ROWS_ID} ref={rows} className="flow-root">
          <div hidden={!settled && !waited}>
            {user && (
              <Suspense fallback={null}>
                <ForYouRow onShown={() => setForYouShown(true)} />
              </Suspense>
            )}
            {likes.data && likes.data.length > 0 && (
              <MovieRow key="liked" title="Liked Movies" movies={asCards(likes.data)} viewAll="/liked" />
            )}
            {recent.data && recent.data.length > 0 && (
              <MovieRow key="recent" title="Recently Visited" movies={asCards(recent.data)} />
            )}
          </div>
        </div>
        {nowPlaying ? (
          <MovieRow
            key="now_playing"
            title="Now Playing"
            movies={nowPlaying.results}
            viewAll="/content/now_playing"
            eager
          />
        ) : (
          !lists[1].isError && <RowSkeleton key="now_playing-loading" />
        )}
        {topRated ? (
          <MovieRow
            key="top_rated"
            title="Top Rated"
            movies={topRated.results}
            viewAll="/content/top_rated"
          />
        ) : (
          !lists[2].isError && <RowSkeleton key="top_rated-loading" />
        )}
        {popular ? (
          <MovieRow
            key="popular"
            title="Popular Movies"
            movies={popular.results}
            viewAll="/content/popular"
          />
        ) : (
          !lists[0].isError && <RowSkeleton key="popular-loading" />
        )}
      </div>
    </WithLibraryCardActions>
  );
}
