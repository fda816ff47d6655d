import type { PersonMovieCredits } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { WithLibraryCardActions } from '../features/library/components/card-actions';
import { personCreditsQuery } from '../features/movies/api/get-person-credits';
import { useConfig } from '../lib/config';
import { PageShell, QueryPage } from '../components/layouts/page-shell';

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
  const config = useConfig();
  const offline = config.data?.data_mode === 'offline';
  const q = useQuery({
    ...personCreditsQuery(id),
    // Offline there are no filmographies to ask for: wait for the config to know which mode this is.
    enabled: Number.isInteger(id) && id > 0 && (config.data?.data_mode === 'live' || config.isError),
    select: filmography,
  });
  const title = `Movies featuring ${decodeURIComponent(castName)}`;
  if (offline)
    return (
      <PageShell title={title}>
        <EmptyState title="Cast pages need live movie data">
          This site is running on its offline movie catalog, which does not include cast or crew.
        </EmptyState>
      </PageShell>
    );
  return (
    <QueryPage
      title={title}
      query={q}
      subtitle={(movies) => `Found ${movies.length} ${movies.length === 1 ? 'movie' : 'movies'}`}
    >
      {(movies) =>
        movies.length === 0 ? (
          <EmptyState title="No movies found for this actor/actress." />
        ) : (
          <WithLibraryCardActions>
            <MovieGrid movies={movies} />
          </WithLibraryCardActions>
        )
      }
    </QueryPage>
  );
}
