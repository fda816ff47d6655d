import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { Spinner } from '../components/ui/spinner';
import { personCreditsQuery } from '../features/movies/api';
import { PageShell } from './page-shell';

export default function CastPage() {
  const { castId, castName = '' } = useParams();
  const id = Number(castId);
  const q = useQuery({ ...personCreditsQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const name = decodeURIComponent(castName);
  const title = `Movies featuring ${name}`;
  if (q.isPending)
    return (
      <PageShell title={title}>
        <Spinner />
      </PageShell>
    );
  if (q.isError)
    return (
      <PageShell title={title}>
        <ErrorText error={q.error} />
      </PageShell>
    );
  // A person's films, best known first, each once.
  const seen = new Set<number>();
  const movies = q.data.cast
    .filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)))
    .sort((a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0));
  return (
    <PageShell title={title} subtitle={`Found ${movies.length} movies`}>
      {movies.length === 0 ? (
        <EmptyState title="No movies found for this actor/actress." />
      ) : (
        <MovieGrid movies={movies} />
      )}
    </PageShell>
  );
}
