import type { MoviePage } from '@app/contracts';
import { GENRE_NAMES } from '@app/contracts/genres';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { Pagination } from '../components/ui/pagination';
import { discoverQuery } from '../features/movies/api';
import { QueryPage } from './page-shell';

/** What an id that cannot be a genre shows: no movies, one page. */
const NO_MOVIES = {
  isPending: false,
  error: null,
  data: { page: 1, results: [], total_pages: 0, total_results: 0 } satisfies MoviePage,
};

function GenreList({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...discoverQuery(id, page), enabled: valid });
  const name = GENRE_NAMES.get(id) ?? 'Unknown';
  return (
    <QueryPage
      title={`Exploring ${name} Movies`}
      query={valid ? q : NO_MOVIES}
      subtitle={(data) => `page ${page} of ${Math.max(1, data.total_pages)}`}
    >
      {(data) => (
        <>
          {data.results.length === 0 ? (
            <EmptyState title="No movies found" />
          ) : (
            <MovieGrid movies={data.results} />
          )}
          <Pagination page={page} totalPages={data.total_pages} onChange={setPage} />
        </>
      )}
    </QueryPage>
  );
}

export default function GenrePage() {
  const { genreId } = useParams();
  return <GenreList key={genreId} id={Number(genreId)} />;
}
