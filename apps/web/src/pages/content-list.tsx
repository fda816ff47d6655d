import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { WithLibraryCardActions } from '../features/library/components/card-actions';
import { Pagination } from '../components/ui/pagination';
import { GridSkeleton } from '../components/ui/skeletons';
import { movieListQuery } from '../features/movies/api/get-movie-list';
import { useHideSeen } from '../features/library/hooks/hide-seen';
import { ShowHiddenButton } from '../features/library/components/hide-seen-switch';
import { ListControls } from '../features/movies/components/list-controls';
import { hiddenPart, useListParams, usePageInRange, viewOf } from '../features/movies/hooks/use-list-params';
import { useConfig } from '../lib/config';
import { isContentType, titleFromType } from '../lib/content-types';
import { PageShell } from '../components/layouts/page-shell';

function ContentList({ type }: { type: Parameters<typeof movieListQuery>[0] }) {
  const list = useListParams();
  const { page } = list;
  const seen = useHideSeen();
  // TMDB's fixed lists take no order or range: live, the pickers are not offered (they would lie).
  const live = useConfig().data?.data_mode === 'live';
  const view = live ? {} : viewOf(list);
  const q = useQuery({ ...movieListQuery(type, page, { ...view, hide: seen.hide }), enabled: !seen.pending });
  const past = usePageInRange(list, q.data?.total_pages);
  const title = titleFromType(type);
  const controls = live ? null : <ListControls params={list} defaultLabel={`${title} order`} />;
  if (q.isPending || past)
    return (
      <PageShell title={title}>
        {controls}
        <GridSkeleton />
      </PageShell>
    );
  if (q.isError) return <NotFoundContent message={q.error.message} />;
  const { results, total_pages, total_results, hidden } = q.data;
  return (
    <PageShell
      title={title}
      subtitle={
        <>
          {`Found ${total_results} movies on page ${page} of ${total_pages}${hiddenPart(hidden, live)}`}
          {!!hidden && <ShowHiddenButton />}
        </>
      }
    >
      {(results.length > 0 || list.changed) && controls}
      {results.length === 0 ? (
        <EmptyState title="No movies found">
          {list.changed && !live ? 'Try another year range, or reset the filters.' : null}
        </EmptyState>
      ) : (
        <WithLibraryCardActions>
          <MovieGrid movies={results} />
        </WithLibraryCardActions>
      )}
      <Pagination page={page} totalPages={total_pages} onChange={(p) => list.update({ page: p })} />
    </PageShell>
  );
}

function NotFoundContent({ message }: { message?: string }) {
  return (
    <PageShell title="Content Not Found">
      <p className={message ? 'text-red-400' : 'text-zinc-400'}>
        {message ? `Error: ${message}` : 'The requested content type does not exist.'}
      </p>
      <Link
        to="/"
        className="mt-6 block w-fit rounded-lg bg-zinc-800 px-4 py-2 text-sm font-medium hover:bg-zinc-700"
      >
        Back to Home
      </Link>
    </PageShell>
  );
}

export default function ContentListPage() {
  const { contentType } = useParams();
  if (!isContentType(contentType)) return <NotFoundContent />;
  // A new type remounts the list, so the page goes back to 1.
  return <ContentList key={contentType} type={contentType} />;
}
