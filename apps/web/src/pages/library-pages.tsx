import { Link, useParams } from 'react-router';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { DotsIcon } from '../components/ui/icons';
import { MovieGrid } from '../components/ui/movie-grid';
import { MovieRow } from '../components/ui/movie-row';
import { Spinner } from '../components/ui/spinner';
import {
  libraryId,
  useLikes,
  usePlaylistActions,
  usePlaylistMovies,
  usePlaylists,
  useRecentlyVisited,
  useWatchStatus,
  type LibraryMovie,
  type Playlist,
} from '../features/library/api';
import { useAuth } from '../lib/auth';
import { useDropdown } from '../lib/use-outside-click';
import { PageShell } from './page-shell';

const cards = (items: LibraryMovie[]) =>
  items.map((m) => ({
    id: libraryId(m)!,
    title: m.title,
    poster_path: m.poster_path,
    vote_average: m.vote_average,
  }));

function SignInFirst({ title }: { title: string }) {
  return (
    <PageShell title={title}>
      <EmptyState title="Sign in to see this page">
        <Link to="/login" className="text-red-400 underline">
          Log in
        </Link>{' '}
        to keep likes, a watchlist and playlists.
      </EmptyState>
    </PageShell>
  );
}

export function LikedPage() {
  const { user, ready } = useAuth();
  const likes = useLikes();
  if (ready && !user) return <SignInFirst title="Your Liked Movies" />;
  if (!ready || likes.isPending)
    return (
      <PageShell title="Your Liked Movies">
        <Spinner />
      </PageShell>
    );
  if (likes.isError)
    return (
      <PageShell title="Your Liked Movies">
        <ErrorText error={likes.error} />
      </PageShell>
    );
  return (
    <PageShell title="Your Liked Movies" subtitle={`You have liked ${likes.data.length} movie(s)`}>
      {likes.data.length === 0 ? (
        <EmptyState title="No liked movies found">Use the heart on any movie to keep it here.</EmptyState>
      ) : (
        <MovieGrid movies={cards(likes.data)} />
      )}
    </PageShell>
  );
}

function WatchList({ status }: { status: 'watched' | 'want_to_watch' }) {
  const { user, ready } = useAuth();
  const q = useWatchStatus();
  const title = status === 'watched' ? 'Watched Movies' : 'Your Watchlist';
  if (ready && !user) return <SignInFirst title={title} />;
  if (!ready || q.isPending)
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
  const items = q.data.filter((e) => e.status === status);
  const count =
    status === 'watched'
      ? `You have watched ${items.length} movie(s)`
      : `You have ${items.length} movie(s) in your watchlist`;
  return (
    <PageShell title={title} subtitle={count}>
      {items.length === 0 ? (
        status === 'watched' ? (
          <EmptyState title="No Watched Movies">
            Use the eye icon on a movie's page to mark it as watched.
          </EmptyState>
        ) : (
          <EmptyState title="Your Watchlist is Empty">
            Use the bookmark icon on a movie's page to save it for later.
          </EmptyState>
        )
      ) : (
        <MovieGrid movies={cards(items)} />
      )}
    </PageShell>
  );
}
export const WatchedPage = () => <WatchList status="watched" />;
export const WatchlistPage = () => <WatchList status="want_to_watch" />;

export function RecentlyVisitedPage() {
  const { user, ready } = useAuth();
  const q = useRecentlyVisited();
  if (ready && !user) return <SignInFirst title="Recently Viewed" />;
  if (!ready || q.isPending)
    return (
      <PageShell title="Recently Viewed">
        <Spinner />
      </PageShell>
    );
  if (q.isError)
    return (
      <PageShell title="Recently Viewed">
        <ErrorText error={q.error} />
      </PageShell>
    );
  return (
    <PageShell title="Recently Viewed" subtitle={`${q.data.length} movie(s)`}>
      {q.data.length === 0 ? (
        <EmptyState title="No Recently Viewed Movies">Movies you open will show up here.</EmptyState>
      ) : (
        <MovieGrid movies={cards(q.data)} />
      )}
    </PageShell>
  );
}

function PlaylistRow({ playlist }: { playlist: Playlist }) {
  const movies = usePlaylistMovies(playlist.playlist_id);
  const actions = usePlaylistActions();
  const { open: menu, setOpen: setMenu, ref, close } = useDropdown();
  return (
    <div className="relative rounded-2xl bg-zinc-900/50 p-4 ring-1 ring-white/5">
      <div ref={ref} className="absolute right-4 top-4 z-10">
        <button
          type="button"
          aria-label={`Options for ${playlist.name}`}
          aria-expanded={menu}
          onClick={() => setMenu((m) => !m)}
          className="rounded-full p-2 hover:bg-white/10"
        >
          <DotsIcon />
        </button>
        {menu && (
          <ul className="absolute right-0 mt-1 w-44 rounded-xl bg-zinc-900 p-1 shadow-2xl ring-1 ring-white/10">
            <li>
              <Link
                to={`/playlist/${playlist.playlist_id}`}
                className="block rounded-lg px-3 py-2 text-sm hover:bg-zinc-800"
              >
                View All
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  void actions.remove(playlist.playlist_id);
                }}
                className="w-full rounded-lg px-3 py-2 text-left text-sm text-red-400 hover:bg-zinc-800"
              >
                Delete Playlist
              </button>
            </li>
          </ul>
        )}
      </div>
      {movies.isPending ? (
        <>
          <h2 className="text-xl font-semibold">{playlist.name}</h2>
          <Spinner />
        </>
      ) : movies.data && movies.data.length > 0 ? (
        <div className="-mt-10">
          <MovieRow title={playlist.name} movies={cards(movies.data)} headerClassName="pr-12" />
        </div>
      ) : (
        <>
          <h2 className="text-xl font-semibold">{playlist.name}</h2>
          <p className="mt-3 text-sm text-zinc-400">No movies in this playlist.</p>
        </>
      )}
    </div>
  );
}

export function PlaylistsPage() {
  const { user, ready } = useAuth();
  const q = usePlaylists();
  if (ready && !user) return <SignInFirst title="Your Playlists" />;
  if (!ready || q.isPending)
    return (
      <PageShell title="Your Playlists">
        <Spinner />
      </PageShell>
    );
  if (q.isError)
    return (
      <PageShell title="Your Playlists">
        <ErrorText error={q.error} />
      </PageShell>
    );
  return (
    <PageShell title="Your Playlists" subtitle={`You have ${q.data.length} playlist(s)`}>
      {q.data.length === 0 ? (
        <EmptyState title="No playlists yet">
          Use the 'Add to Playlist' button on any movie to start one.
        </EmptyState>
      ) : (
        <div className="space-y-6">
          {q.data.map((p) => (
            <PlaylistRow key={p.playlist_id} playlist={p} />
          ))}
        </div>
      )}
    </PageShell>
  );
}

export function PlaylistDetailPage() {
  const { playlistId } = useParams();
  const { user, ready } = useAuth();
  const playlists = usePlaylists();
  const id = Number(playlistId);
  const movies = usePlaylistMovies(Number.isInteger(id) && id > 0 ? id : null);
  // The id is matched as a number or a string.
  const playlist = playlists.data?.find((p) => p.playlist_id === id || String(p.playlist_id) === playlistId);
  const title = playlist?.name ?? 'Playlist';
  if (ready && !user) return <SignInFirst title={title} />;
  if (!ready || movies.isPending)
    return (
      <PageShell title={title}>
        <Spinner />
      </PageShell>
    );
  if (movies.isError)
    return (
      <PageShell title={title}>
        <ErrorText error={movies.error} />
      </PageShell>
    );
  return (
    <PageShell title={title} subtitle={`Found ${movies.data.length} movies in this playlist`}>
      {movies.data.length === 0 ? (
        <EmptyState title="Empty Playlist">Add movies with the 'Add to Playlist' button.</EmptyState>
      ) : (
        <MovieGrid movies={cards(movies.data)} />
      )}
    </PageShell>
  );
}
