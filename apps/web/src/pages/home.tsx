import { useQueries } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { ErrorText } from '../components/ui/empty-state';
import { MovieRow } from '../components/ui/movie-row';
import { HeroSkeleton, RowSkeleton } from '../components/ui/skeletons';
import { useDocumentTitle } from '../lib/document-title';
import { useLikes } from '../features/library/api/get-likes';
import { useRecentlyVisited } from '../features/library/api/get-recently-visited';
import { libraryId } from '../features/library/api/library-keys';
import { HeroLikeButton, WithLibraryCardActions } from '../features/library/components/card-actions';
import { movieListQuery } from '../features/movies/api/get-movie-list';
import { HeroCarousel } from '../features/movies/components/hero-carousel';
import { useHideSeen } from '../features/library/hooks/hide-seen';
import { useAuth } from '../lib/auth';

// Signed-in users only: loaded on demand, outside the first route's download budget.
const ForYouRow = lazy(() => import('../features/recommendations/components/for-you-row'));

export default function HomePage() {
  // With "hide what I've seen" on, the rows leave out the user's films (and wait to know it).
  const seen = useHideSeen();
  const view = { hide: seen.hide };
  const lists = useQueries({
    queries: (['popular', 'now_playing', 'top_rated'] as const).map((type) => ({
      ...movieListQuery(type, 1, view),
      enabled: !seen.pending,
    })),
  });
  const likes = useLikes();
  const recent = useRecentlyVisited();
  const { user } = useAuth();
  // The hero and three rows of 20 cards are a lot of work for a phone's CPU at once: deferred
  // values let React render them in short, interruptible slices once the lists arrive.
  const popular = useDeferredValue(lists[0]!.data);
  const nowPlaying = useDeferredValue(lists[1]!.data);
  const topRated = useDeferredValue(lists[2]!.data);
  useDocumentTitle(null);
  if (lists.every((q) => q.isError))
    return (
      <div className="pt-24">
        <ErrorText error={lists[0]!.error} onRetry={() => lists.forEach((q) => void q.refetch())} />
      </div>
    );
  const asCards = (
    items: { tmdb_id: number; title: string; poster_path: string | null; vote_average: number }[],
  ) =>
    items.map((m) => ({
      id: libraryId(m),
      title: m.title,
      poster_path: m.poster_path,
      vote_average: m.vote_average,
    }));
  return (
    <WithLibraryCardActions>
      {/* Each part keeps its place while it loads: a skeleton of its shape, then itself. */}
      {popular ? (
        <HeroCarousel
          movies={popular.results}
          actions={(m) => <HeroLikeButton id={m.id} title={m.title} />}
        />
      ) : lists[0]!.isError ? null : (
        <HeroSkeleton />
      )}
      {/* Keys on the rows: Preact (the production build) would otherwise match a row that arrives
          with another row already on the page and move it, which shows as a layout shift. */}
      <div className="mx-auto max-w-7xl px-4">
        {user && (
          <Suspense fallback={null}>
            <ForYouRow />
          </Suspense>
        )}
        {likes.data && likes.data.length > 0 && (
          <MovieRow key="liked" title="Liked Movies" movies={asCards(likes.data)} viewAll="/liked" />
        )}
        {recent.data && recent.data.length > 0 && (
          <MovieRow key="recent" title="Recently Visited" movies={asCards(recent.data)} />
        )}
        {nowPlaying ? (
          <MovieRow
            key="now_playing"
            title="Now Playing"
            movies={nowPlaying.results}
            viewAll="/content/now_playing"
            eager
          />
        ) : (
          !lists[1]!.isError && <RowSkeleton key="now_playing-loading" />
        )}
        {topRated ? (
          <MovieRow
            key="top_rated"
            title="Top Rated"
            movies={topRated.results}
            viewAll="/content/top_rated"
          />
        ) : (
          !lists[2]!.isError && <RowSkeleton key="top_rated-loading" />
        )}
        {popular ? (
          <MovieRow
            key="popular"
            title="Popular Movies"
            movies={popular.results}
            viewAll="/content/popular"
          />
        ) : (
          !lists[0]!.isError && <RowSkeleton key="popular-loading" />
        )}
      </div>
    </WithLibraryCardActions>
  );
}
