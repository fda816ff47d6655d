import type { MoviePage } from '@app/contracts';
import { GENRE_NAMES } from '@app/contracts/genres';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { WithLibraryCardActions } from '../features/library/components/card-actions';
import { Pagination } from '../components/ui/pagination';
import { GridSkeleton } from '../components/ui/skeletons';
import { useHideSeen } from '../features/library/hooks/hide-seen';
import { ShowHiddenButton } from '../features/library/components/hide-seen-switch';
import { discoverQuery } from '../features/movies/api/discover-movies';
import { ListControls } from '../features/movies/components/list-controls';
import { hiddenPart, useListParams, usePageInRange, viewOf } from '../features/movies/hooks/use-list-params';
import { useConfig } from '../lib/config';
import { QueryPage } from '../components/layouts/page-shell';

/** What an id that cannot be a genre shows: no movies, one page. */
const NO_MOVIES = {
  isPending: false,
  error: null,
  data: { page: 1, results: [], total_pages: 0, total_results: 0 } satisfies MoviePage,
};

function GenreList({ id }: { id: number }) {
  const list = useListParams();
  const { page } = list;
  const seen = useHideSeen();
  const live = useConfig().data?.data_mode === 'live';
  const valid = Number.isInteger(id) && id > 0;
  // Sorted and narrowed by the server over the whole genre (TMDB's discover, live).
  const q = useQuery({
    ...discoverQuery(id, page, { ...viewOf(list), hide: seen.hide }),
    enabled: valid && !seen.pending,
  });
  const past = usePageInRange(list, valid ? q.data?.total_pages : undefined);
  const name = GENRE_NAMES.get(id) ?? 'Unknown';
  const controls = <ListControls params={list} defaultLabel="Most popular" />;
  return (
    <QueryPage
      title={`Exploring ${name} Movies`}
      documentTitle={`${name} movies`}
      query={valid ? q : NO_MOVIES}
      waiting={valid && (q.isPending || past)}
      loading={
        <>
          {controls}
          <GridSkeleton />
        </>
      }
      subtitle={(data) => {
        const pages = `page ${page} of ${Math.max(1, data.total_pages)}`;
        // The spec's line as it is; with a filter or hidden films, the count they leave.
        if (!list.changed && !data.hidden) return pages;
        return (
          <>
            {`Found ${data.total_results} ${data.total_results === 1 ? 'movie' : 'movies'}, ${pages}${hiddenPart(data.hidden, live)}`}
            {!!data.hidden && <ShowHiddenButton />}
          </>
        );
      }}
    >
      {(data) => (
        <>
          {(data.results.length > 0 || list.changed) && controls}
          {data.results.length === 0 ? (
            <EmptyState title="No movies found">
              {list.changed ? 'Try another year range, or reset the filters.' : null}
            </EmptyState>
          ) : (
            <WithLibraryCardActions>
              <MovieGrid movies={data.results} />
            </WithLibraryCardActions>
          )}
          <Pagination page={page} totalPages={data.total_pages} onChange={(p) => list.update({ page: p })} />
        </>
      )}
    </QueryPage>
  );
}

export default function GenrePage() {
  const { genreId } = useParams();
  return <GenreList key={genreId} id={Number(genreId)} />;
}
