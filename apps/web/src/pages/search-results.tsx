import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { Pagination } from '../components/ui/pagination';
import { GridSkeleton } from '../components/ui/skeletons';
import { searchQuery } from '../features/movies/api';
import { applyToPage, ListControls, PAGE_SCOPE, useListParams } from '../features/movies/list-controls';
import { PageShell } from './page-shell';

function Results({ query }: { query: string }) {
  const list = useListParams();
  const { page } = list;
  const q = useQuery({ ...searchQuery(query, page), enabled: query.trim().length > 0 });
  let body;
  let subtitle: string | undefined;
  const controls = <ListControls params={list} defaultLabel="Best match" scope={PAGE_SCOPE} />;
  if (q.isPending)
    body = (
      <>
        {controls}
        <GridSkeleton label="Searching" />
      </>
    );
  else if (q.isError) body = <ErrorText error={q.error} onRetry={() => void q.refetch()} />;
  else if (q.data.results.length === 0) {
    // The empty state says it; the count line does not repeat it.
    body = <EmptyState title="No results found">Try other keywords, or check the spelling.</EmptyState>;
  } else {
    subtitle = `Found ${q.data.total_results} ${q.data.total_results === 1 ? 'result' : 'results'} on page ${page} of ${q.data.total_pages}`;
    const movies = applyToPage(q.data.results, list);
    body = (
      <>
        {controls}
        {movies.length === 0 ? (
          <EmptyState title="No movies on this page match">Try a wider year range.</EmptyState>
        ) : (
          <MovieGrid movies={movies} />
        )}
        <Pagination page={page} totalPages={q.data.total_pages} onChange={(p) => list.update({ page: p })} />
      </>
    );
  }
  return (
    <PageShell title={<>Results for “{query}”</>} documentTitle={`Search: ${query}`} subtitle={subtitle}>
      {body}
    </PageShell>
  );
}

export default function SearchResultsPage() {
  const { query = '' } = useParams();
  return <Results key={query} query={query} />;
}
