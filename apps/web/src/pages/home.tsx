import { useQueries } from '@tanstack/react-query';
import { ErrorText } from '../components/ui/empty-state';
import { MovieRow } from '../components/ui/movie-row';
import { Spinner } from '../components/ui/spinner';
import { libraryId, useLikes, useRecentlyVisited } from '../features/library/api';
import { movieListQuery } from '../features/movies/api';
import { HeroCarousel } from '../features/movies/hero-carousel';

export default function HomePage() {
  const [popular, nowPlaying, topRated] = useQueries({
    queries: [movieListQuery('popular'), movieListQuery('now_playing'), movieListQuery('top_rated')],
  });
  const likes = useLikes();
  const recent = useRecentlyVisited();
  const lists = [popular!, nowPlaying!, topRated!];
  // The hero shows as soon as the popular list is in; the rows fill in as theirs arrive.
  if (popular!.isPending)
    return (
      <div className="pt-24">
        <Spinner label="Loading movies" />
      </div>
    );
  if (lists.every((q) => q.isError))
    return (
      <div className="pt-24">
        <ErrorText error={popular!.error} />
      </div>
    );
  const asCards = (
    items: { tmdb_id: number; title: string; poster_path: string | null; vote_average: number }[],
  ) =>
    items.map((m) => ({
      id: libraryId(m)!,
      title: m.title,
      poster_path: m.poster_path,
      vote_average: m.vote_average,
    }));
  return (
    <div>
      {popular!.data && <HeroCarousel movies={popular!.data.results} />}
      <div className="mx-auto max-w-7xl px-4">
        {likes.data && likes.data.length > 0 && (
          <MovieRow title="Liked Movies" movies={asCards(likes.data)} viewAll="/liked" />
        )}
        {recent.data && recent.data.length > 0 && (
          <MovieRow title="Recently Visited" movies={asCards(recent.data)} />
        )}
        {nowPlaying!.data && (
          <MovieRow
            title="Now Playing"
            movies={nowPlaying!.data.results}
            viewAll="/content/now_playing"
            eager
          />
        )}
        {topRated!.data && (
          <MovieRow title="Top Rated" movies={topRated!.data.results} viewAll="/content/top_rated" />
        )}
        {popular!.data && (
          <MovieRow title="Popular Movies" movies={popular!.data.results} viewAll="/content/popular" />
        )}
      </div>
    </div>
  );
}
