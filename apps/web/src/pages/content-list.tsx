import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { Pagination } from '../components/ui/pagination';
import { GridSkeleton } from '../components/ui/skeletons';
import { movieListQuery } from '../features/movies/api';
import { applyToPage, ListControls, PAGE_SCOPE, useListParams } from '../features/movies/list-controls';
import { isContentType, titleFromType } from '../lib/content-types';
import { PageShell } from './page-shell';

function ContentList({ type }: { type: Parameters<typeof movieListQuery>[0] }) {
  const list = useListParams();
  const { page } = list;
  const q = useQuery(movieListQuery(type, page));
  const title = titleFromType(type);
  const controls = <ListControls params={list} defaultLabel={`${title} order`} scope={PAGE_SCOPE} />;
  if (q.isPending)
    return (
      <PageShell title={title}>
        {controls}
        <GridSkeleton />
      </PageShell>
    );
  if (q.isError) return <NotFoundContent message={q.error.message} />;
  const { results, total_pages, total_results } = q.data;
  const movies = applyToPage(results, list);
  return (
    <PageShell title={title} subtitle={`Found ${total_results} movies on page ${page} of ${total_pages}`}>
      {results.length > 0 && controls}
      {movies.length === 0 ? <EmptyState title="No movies found" /> : <MovieGrid movies={movies} />}
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
