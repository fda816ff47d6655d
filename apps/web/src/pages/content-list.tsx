import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { Pagination } from '../components/ui/pagination';
import { Spinner } from '../components/ui/spinner';
import { movieListQuery } from '../features/movies/api';
import { isContentType, titleFromType } from '../lib/content-types';
import { PageShell } from './page-shell';

function ContentList({ type }: { type: Parameters<typeof movieListQuery>[0] }) {
  const [page, setPage] = useState(1);
  const q = useQuery(movieListQuery(type, page));
  const title = titleFromType(type);
  if (q.isPending)
    return (
      <PageShell title={title}>
        <Spinner />
      </PageShell>
    );
  if (q.isError) return <NotFoundContent message={q.error.message} />;
  const { results, total_pages, total_results } = q.data;
  return (
    <PageShell title={title} subtitle={`Found ${total_results} movies on page ${page} of ${total_pages}`}>
      {results.length === 0 ? <EmptyState title="No movies found" /> : <MovieGrid movies={results} />}
      <Pagination page={page} totalPages={total_pages} onChange={setPage} />
    </PageShell>
  );
}

function NotFoundContent({ message }: { message?: string }) {
  return (
    <PageShell title="Content Not Found">
      <p className={message ? 'text-red-400' : 'text-zinc-400'}>
        {message ? `Error: ${message}` : 'The requested content type does not exist.'}
      </p>
    </PageShell>
  );
}

export default function ContentListPage() {
  const { contentType } = useParams();
  if (!isContentType(contentType)) return <NotFoundContent />;
  // A new type remounts the list, so the page goes back to 1.
  return <ContentList key={contentType} type={contentType} />;
}
