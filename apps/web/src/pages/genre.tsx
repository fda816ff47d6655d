import { GENRE_NAMES } from '@app/contracts/genres';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { Pagination } from '../components/ui/pagination';
import { Spinner } from '../components/ui/spinner';
import { discoverQuery } from '../features/movies/api';
import { PageShell } from './page-shell';

function GenreList({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...discoverQuery(id, page), enabled: valid });
  const name = GENRE_NAMES.get(id) ?? 'Unknown';
  const title = `Exploring ${name} Movies`;
  if (valid && q.isPending)
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
  const data = q.data ?? { results: [], total_pages: 0 };
  return (
    <PageShell title={title} subtitle={`page ${page} of ${Math.max(1, data.total_pages)}`}>
      {data.results.length === 0 ? (
        <EmptyState title="No movies found" />
      ) : (
        <MovieGrid movies={data.results} />
      )}
      <Pagination page={page} totalPages={data.total_pages} onChange={setPage} />
    </PageShell>
  );
}

export default function GenrePage() {
  const { genreId } = useParams();
  return <GenreList key={genreId} id={Number(genreId)} />;
}
