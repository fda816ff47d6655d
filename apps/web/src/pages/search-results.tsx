import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { Pagination } from '../components/ui/pagination';
import { Spinner } from '../components/ui/spinner';
import { searchQuery } from '../features/movies/api';
import { PageShell } from './page-shell';

function Results({ query }: { query: string }) {
  const [page, setPage] = useState(1);
  const q = useQuery({ ...searchQuery(query, page), enabled: query.trim().length > 0 });
  let body;
  let subtitle: string | undefined;
  if (q.isPending) body = <Spinner label="Searching" />;
  else if (q.isError) body = <ErrorText error={q.error} />;
  else if (q.data.results.length === 0) {
    subtitle = 'No results found';
    body = <EmptyState title="No results found">Try other keywords, or check the spelling.</EmptyState>;
  } else {
    subtitle = `Found ${q.data.total_results} results on page ${page} of ${q.data.total_pages}`;
    body = (
      <>
        <MovieGrid movies={q.data.results} />
        <Pagination page={page} totalPages={q.data.total_pages} onChange={setPage} />
      </>
    );
  }
  return (
    <PageShell title={<>Results for “{query}”</>} subtitle={subtitle}>
      {body}
    </PageShell>
  );
}

export default function SearchResultsPage() {
  const { query = '' } = useParams();
  return <Results key={query} query={query} />;
}
