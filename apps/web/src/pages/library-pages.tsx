import { Link, useParams } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { DotsIcon } from '../components/ui/media-icons';
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
import { PageShell, QueryPage } from './page-shell';

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

/** A signed-in user's page: an invitation to sign in when signed out, then its query's states. */
function LibraryPage<T>(props: Omit<Parameters<typeof QueryPage<T>>[0], 'waiting'> & { title: string }) {
  const { user, ready } = useAuth();
  if (ready && !user) return <SignInFirst title={props.title} />;
  return <QueryPage {...props} waiting={!ready || props.query.isPending} />;
}

export function LikedPage() {
  return (
    <LibraryPage
      title="Your Liked Movies"
      query={useLikes()}
      subtitle={(likes) => `You have liked ${likes.length} movie(s)`}
    >
      {(likes) =>
        likes.length === 0 ? (
          <EmptyState title="No liked movies found">Use the heart on any movie to keep it here.</EmptyState>
        ) : (
          <MovieGrid movies={cards(likes)} />
        )
      }
    </LibraryPage>
  );
}

function WatchList({ status }: { status: 'watched' | 'want_to_watch' }) {
  const watched = status === 'watched';
  return (
    <LibraryPage
      title={watched ? 'Watched Movies' : 'Your Watchlist'}
      query={useWatchStatus()}
      subtitle={(all) => {
        const n = all.filter((e) => e.status === status).length;
        return watched ? `You have watched ${n} movie(s)` : `You have ${n} movie(s) in your watchlist`;
      }}
    >
      {(all) => {
        const items = all.filter((e) => e.status === status);
        if (items.length > 0) return <MovieGrid movies={cards(items)} />;
        return watched ? (
          <EmptyState title="No Watched Movies">
            Use the eye icon on a movie's page to mark it as watched.
          </EmptyState>
        ) : (
          <EmptyState title="Your Watchlist is Empty">
            Use the bookmark icon on a movie's page to save it for later.
          </EmptyState>
        );
      }}
    </LibraryPage>
  );
}
export const WatchedPage = () => <WatchList status="watched" />;
export const WatchlistPage = () => <WatchList status="want_to_watch" />;

export function RecentlyVisitedPage() {
  return (
    <LibraryPage
      title="Recently Viewed"
      query={useRecentlyVisited()}
      subtitle={(recent) => `${recent.length} movie(s)`}
    >
      {(recent) =>
        recent.length === 0 ? (
          <EmptyState title="No Recently Viewed Movies">Movies you open will show up here.</EmptyState>
        ) : (
          <MovieGrid movies={cards(recent)} />
        )
      }
    </LibraryPage>
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
  return (
    <LibraryPage
      title="Your Playlists"
      query={usePlaylists()}
      subtitle={(playlists) => `You have ${playlists.length} playlist(s)`}
    >
      {(playlists) =>
        playlists.length === 0 ? (
          <EmptyState title="No playlists yet">
            Use the 'Add to Playlist' button on any movie to start one.
          </EmptyState>
        ) : (
          <div className="space-y-6">
            {playlists.map((p) => (
              <PlaylistRow key={p.playlist_id} playlist={p} />
            ))}
          </div>
        )
      }
    </LibraryPage>
  );
}

export function PlaylistDetailPage() {
  const { playlistId } = useParams();
  const playlists = usePlaylists();
  const id = Number(playlistId);
  const movies = usePlaylistMovies(Number.isInteger(id) && id > 0 ? id : null);
  // The id is matched as a number or a string.
  const playlist = playlists.data?.find((p) => p.playlist_id === id || String(p.playlist_id) === playlistId);
  return (
    <LibraryPage
      title={playlist?.name ?? 'Playlist'}
      query={movies}
      subtitle={(list) => `Found ${list.length} ${list.length === 1 ? 'movie' : 'movies'} in this playlist`}
    >
      {(list) =>
        list.length === 0 ? (
          <EmptyState title="Empty Playlist">Add movies with the 'Add to Playlist' button.</EmptyState>
        ) : (
          <MovieGrid movies={cards(list)} />
        )
      }
    </LibraryPage>
  );
}
