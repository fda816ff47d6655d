import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { WithLibraryCardActions } from '../features/library/components/card-actions';
import { Pagination } from '../components/ui/pagination';
import { GridSkeleton } from '../components/ui/skeletons';
import { searchQuery } from '../features/search/api/search-movies';
import { useHideSeen } from '../features/library/hooks/hide-seen';
import { ShowHiddenButton } from '../features/library/components/hide-seen-switch';
import { ListControls } from '../features/movies/components/list-controls';
import { hiddenPart, useListParams, usePageInRange, viewOf } from '../features/movies/hooks/use-list-params';
import { useConfig } from '../lib/config';
import { PageShell } from '../components/layouts/page-shell';

function Results({ query }: { query: string }) {
  const list = useListParams();
  const { page } = list;
  const seen = useHideSeen();
  // TMDB's search takes no order or date range: live, the pickers are not offered (they would lie).
  const live = useConfig().data?.data_mode === 'live';
  const view = live ? {} : viewOf(list);
  const q = useQuery({
    ...searchQuery(query, page, { ...view, hide: seen.hide }),
    enabled: query.trim().length > 0 && !seen.pending,
  });
  const past = usePageInRange(list, q.data?.total_pages);
  let body;
  let subtitle: ReactNode;
  const controls = live ? null : <ListControls params={list} defaultLabel="Best match" />;
  if (query.trim().length === 0)
    // A blank query (/search/%20) is never sent: nothing would ever arrive to end a loading state.
    body = <EmptyState title="No results found">Type a movie title to search for it.</EmptyState>;
  else if (q.isPending || past)
    body = (
      <>
        {controls}
        <GridSkeleton label="Searching" />
      </>
    );
  else if (q.isError) body = <ErrorText error={q.error} onRetry={() => void q.refetch()} />;
  else if (q.data.results.length === 0 && !list.changed && !q.data.hidden) {
    // The empty state says it; the count line does not repeat it.
    body = <EmptyState title="No results found">Try other keywords, or check the spelling.</EmptyState>;
  } else {
    const { total_results, total_pages, hidden, results } = q.data;
    subtitle = (
      <>
        {`Found ${total_results} ${total_results === 1 ? 'result' : 'results'} on page ${page} of ${Math.max(1, total_pages)}${hiddenPart(hidden, live)}`}
        {!!hidden && <ShowHiddenButton />}
      </>
    );
    body = (
      <>
        {controls}
        {results.length === 0 ? (
          <EmptyState title="No movies match">
            {hidden && !list.changed
              ? 'Every match is one you have seen.'
              : 'Try another year range, or reset the filters.'}
          </EmptyState>
        ) : (
          <WithLibraryCardActions>
            <MovieGrid movies={results} />
          </WithLibraryCardActions>
        )}
        <Pagination page={page} totalPages={total_pages} onChange={(p) => list.update({ page: p })} />
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
