import type { PersonMovieCredits } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { personCreditsQuery } from '../features/movies/api';
import { QueryPage } from './page-shell';

/** A person's films, best known first, each once. */
const filmography = (credits: PersonMovieCredits) => {
  const seen = new Set<number>();
  return credits.cast
    .filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)))
    .sort((a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0));
};

export default function CastPage() {
  const { castId, castName = '' } = useParams();
  const id = Number(castId);
  const q = useQuery({
    ...personCreditsQuery(id),
    enabled: Number.isInteger(id) && id > 0,
    select: filmography,
  });
  return (
    <QueryPage
      title={`Movies featuring ${decodeURIComponent(castName)}`}
      query={q}
      subtitle={(movies) => `Found ${movies.length} movies`}
    >
      {(movies) =>
        movies.length === 0 ? (
          <EmptyState title="No movies found for this actor/actress." />
        ) : (
          <MovieGrid movies={movies} />
        )
      }
    </QueryPage>
  );
}
