import { Link, useParams } from 'react-router';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { MovieGrid } from '../components/ui/movie-grid';
import { GridSkeleton } from '../components/ui/skeletons';
import { usePublicPlaylist } from '../features/library/api/share-playlist';
import { ApiError } from '../lib/api-client';
import { PageShell } from '../components/layouts/page-shell';

/** /p/{slug}: a playlist its owner made public, read-only, for anyone. */
export default function PublicPlaylistPage() {
  const { slug = '' } = useParams();
  const q = usePublicPlaylist(slug);
  if (q.isPending)
    return (
      <PageShell title="Playlist">
        <GridSkeleton />
      </PageShell>
    );
  if (q.error) {
    if (q.error instanceof ApiError && q.error.status === 404)
      return (
        <PageShell title="Playlist">
          <EmptyState title="This list is private or no longer exists">
            Its owner may have made it private.{' '}
            <Link to="/" className="underline hover:text-zinc-200">
              Discover movies
            </Link>{' '}
            instead.
          </EmptyState>
        </PageShell>
      );
    return (
      <PageShell title="Playlist">
        <ErrorText error={q.error} onRetry={() => void q.refetch()} />
      </PageShell>
    );
  }
  const p = q.data;
  const n = p.movies.length;
  return (
    <PageShell
      title={p.name}
      subtitle={`${n} ${n === 1 ? 'film' : 'films'}${p.owner_name ? ` · a list by ${p.owner_name}` : ''}`}
    >
      {n === 0 ? (
        <EmptyState title="Empty Playlist">This list has no films yet.</EmptyState>
      ) : (
        <MovieGrid
          movies={p.movies.map((m) => ({
            id: m.tmdb_id,
            title: m.title,
            poster_path: m.poster_path,
            vote_average: m.vote_average,
            release_date: m.release_date,
          }))}
        />
      )}
    </PageShell>
  );
}
