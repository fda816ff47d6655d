import type { MoviePage } from '@app/contracts';
import { GENRE_NAMES } from '@app/contracts/genres';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { Pagination } from '../components/ui/pagination';
import { GridSkeleton } from '../components/ui/skeletons';
import { discoverQuery } from '../features/movies/api';
import { applyToPage, ListControls, PAGE_SCOPE, useListParams } from '../features/movies/list-controls';
import { QueryPage } from './page-shell';

/** What an id that cannot be a genre shows: no movies, one page. */
const NO_MOVIES = {
  isPending: false,
  error: null,
  data: { page: 1, results: [], total_pages: 0, total_results: 0 } satisfies MoviePage,
};

function GenreList({ id }: { id: number }) {
  const list = useListParams();
  const { page } = list;
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...discoverQuery(id, page), enabled: valid });
  const name = GENRE_NAMES.get(id) ?? 'Unknown';
  return (
    <QueryPage
      title={`Exploring ${name} Movies`}
      documentTitle={`${name} movies`}
      query={valid ? q : NO_MOVIES}
      loading={
        <>
          <ListControls params={list} defaultLabel="Most popular" scope={PAGE_SCOPE} />
          <GridSkeleton />
        </>
      }
      subtitle={(data) => `page ${page} of ${Math.max(1, data.total_pages)}`}
    >
      {(data) => {
        const movies = applyToPage(data.results, list);
        return (
          <>
            {data.results.length > 0 && (
              <ListControls params={list} defaultLabel="Most popular" scope={PAGE_SCOPE} />
            )}
            {movies.length === 0 ? <EmptyState title="No movies found" /> : <MovieGrid movies={movies} />}
            <Pagination
              page={page}
              totalPages={data.total_pages}
              onChange={(p) => list.update({ page: p })}
            />
          </>
        );
      }}
    </QueryPage>
  );
}

export default function GenrePage() {
  const { genreId } = useParams();
  return <GenreList key={genreId} id={Number(genreId)} />;
}
