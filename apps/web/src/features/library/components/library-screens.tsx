import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { DotsIcon } from '../../../components/ui/media-icons';
import { MovieGrid } from '../../../components/ui/movie-grid';
import { MovieRow } from '../../../components/ui/movie-row';
import { Spinner } from '../../../components/ui/spinner';
import { DeletePlaylistDialog, RenamePlaylistDialog } from './playlist-dialogs';
import { RemovableGrid } from './removable-grid';
import { useLikes } from '../api/get-likes';
import { usePlaylistMovies } from '../api/get-playlist-movies';
import { usePlaylists } from '../api/get-playlists';
import { useRecentlyVisited } from '../api/get-recently-visited';
import { useRecentlyVisitedActions } from '../api/recently-visited-actions';
import { useWatchStatus } from '../api/get-watch-status';
import { type Playlist } from '../api/library-keys';
import { asCards } from '../utils/as-cards';
import { usePlaylistActions } from '../api/playlist-actions';
import { useClearWatchStatus } from '../api/update-watch-status';
import { useAuth } from '../../../lib/auth';
import { useDropdown } from '../../../lib/use-outside-click';
import { PageShell, QueryPage } from '../../../components/layouts/page-shell';
import { SignInFirst } from '../../../components/layouts/sign-in-first';
import { SharePlaylist } from './share-playlist';
import { ApiError } from '../../../lib/api-client';

/** A signed-in user's page: an invitation to sign in when signed out, then its query's states. */
function LibraryPage<T>(props: Omit<Parameters<typeof QueryPage<T>>[0], 'waiting'> & { title: string }) {
  const { user, ready } = useAuth();
  if (ready && !user)
    return <SignInFirst title={props.title}>to keep likes, a watchlist and playlists.</SignInFirst>;
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
          <MovieGrid movies={asCards(likes)} />
        )
      }
    </LibraryPage>
  );
}

function WatchList({ status }: { status: 'watched' | 'want_to_watch' }) {
  const watched = status === 'watched';
  const clear = useClearWatchStatus(status);
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
        if (items.length > 0)
          return (
            <RemovableGrid
              movies={asCards(items)}
              label={(title) => (watched ? `Remove ${title} from watched` : `Remove ${title} from watchlist`)}
              onRemove={clear}
            />
          );
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
  const { remove, clear } = useRecentlyVisitedActions();
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
          <>
            <div className="mb-4 flex justify-end">
              <button
                type="button"
                onClick={() => void clear(recent)}
                className="rounded-lg px-3 py-1.5 text-sm text-zinc-300 ring-1 ring-white/15 hover:bg-zinc-800 hover:text-white"
              >
                Clear all
              </button>
            </div>
            <RemovableGrid
              movies={asCards(recent)}
              label={(title) => `Remove ${title} from recently visited`}
              onRemove={(id) => {
                const visit = recent.find((e) => e.tmdb_id === id);
                if (visit) void remove(visit);
              }}
            />
          </>
        )
      }
    </LibraryPage>
  );
}

/** Rename or Delete Playlist, in a dialog; the playlist's page and its row menu share them. */
type PlaylistDialog = 'rename' | 'delete' | null;
function PlaylistDialogs({
  playlist,
  dialog,
  onClose,
  onDeleted,
}: {
  playlist: Playlist;
  dialog: PlaylistDialog;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  if (dialog === 'rename') return <RenamePlaylistDialog playlist={playlist} onClose={onClose} />;
  if (dialog === 'delete')
    return (
      <DeletePlaylistDialog playlist={playlist} onClose={onClose} {...(onDeleted ? { onDeleted } : {})} />
    );
  return null;
}

function PlaylistRow({ playlist }: { playlist: Playlist }) {
  const movies = usePlaylistMovies(playlist.playlist_id);
  const [dialog, setDialog] = useState<PlaylistDialog>(null);
  const { open: menu, setOpen: setMenu, ref, close } = useDropdown();
  return (
    <div className="relative rounded-2xl bg-zinc-900/50 p-4 ring-1 ring-white/5">
      {/* Open, above the next rows' buttons (each row's is at z-10, and a later one is drawn over
          an earlier one's menu). */}
      <div ref={ref} className={`absolute right-4 top-4 ${menu ? 'z-30' : 'z-10'}`}>
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
                  setDialog('rename');
                }}
                className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-800"
              >
                Rename
              </button>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  setDialog('delete');
                }}
                className="w-full rounded-lg px-3 py-2 text-left text-sm text-red-400 hover:bg-zinc-800"
              >
                Delete Playlist
              </button>
            </li>
          </ul>
        )}
      </div>
      <PlaylistDialogs playlist={playlist} dialog={dialog} onClose={() => setDialog(null)} />
      {movies.isPending ? (
        <>
          <h2 className="pr-12 text-xl font-semibold [overflow-wrap:anywhere]">{playlist.name}</h2>
          <Spinner />
        </>
      ) : movies.data && movies.data.length > 0 ? (
        <div className="-mt-10">
          <MovieRow title={playlist.name} movies={asCards(movies.data)} headerClassName="pr-12" />
        </div>
      ) : (
        <>
          <h2 className="pr-12 text-xl font-semibold [overflow-wrap:anywhere]">{playlist.name}</h2>
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

function PlaylistUnavailable({ forbidden }: { forbidden: boolean }) {
  const link = 'rounded-lg bg-zinc-800 px-4 py-2 text-sm font-medium hover:bg-zinc-700';
  return (
    <PageShell
      title={forbidden ? 'This playlist is private' : 'Playlist not found'}
      documentTitle={forbidden ? 'Private playlist' : 'Playlist not found'}
    >
      <p className="max-w-prose text-zinc-300">
        {forbidden
          ? 'It belongs to another account, and only its owner can open it. Ask them to share it, or make your own.'
          : 'There is no playlist at this address. It may have been deleted.'}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/playlists" className={link}>
          Your playlists
        </Link>
        <Link to="/" className={link}>
          Home
        </Link>
      </div>
    </PageShell>
  );
}

export function PlaylistDetailPage() {
  const { playlistId } = useParams();
  const playlists = usePlaylists();
  const actions = usePlaylistActions();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<PlaylistDialog>(null);
  const id = Number(playlistId);
  const movies = usePlaylistMovies(Number.isInteger(id) && id > 0 ? id : null);
  // The id is matched as a number or a string.
  const playlist = playlists.data?.find((p) => p.playlist_id === id || String(p.playlist_id) === playlistId);
  const tool = 'rounded-lg px-3 py-1.5 text-sm ring-1 ring-white/15 hover:bg-white/10';
  const status = movies.error instanceof ApiError ? movies.error.status : 0;
  // Someone else's playlist, or none: a page that says so and leads on (4xx are never retried).
  if (status === 403 || status === 404) return <PlaylistUnavailable forbidden={status === 403} />;
  return (
    <LibraryPage
      title={playlist?.name ?? 'Playlist'}
      query={movies}
      subtitle={(list) => `Found ${list.length} ${list.length === 1 ? 'movie' : 'movies'} in this playlist`}
    >
      {(list) => (
        <>
          {playlist && (
            <div className="mb-6 flex flex-wrap gap-2">
              <button type="button" onClick={() => setDialog('rename')} className={tool}>
                Rename
              </button>
              <button type="button" onClick={() => setDialog('delete')} className={`${tool} text-red-300`}>
                Delete Playlist
              </button>
              <PlaylistDialogs
                playlist={playlist}
                dialog={dialog}
                onClose={() => setDialog(null)}
                onDeleted={() => navigate('/playlists')}
              />
            </div>
          )}
          {playlist && (
            <div className="mb-6">
              <SharePlaylist playlistId={playlist.playlist_id} />
            </div>
          )}
          {list.length === 0 ? (
            <EmptyState title="Empty Playlist">Add movies with the 'Add to Playlist' button.</EmptyState>
          ) : (
            <RemovableGrid
              movies={asCards(list)}
              label={(title) => `Remove ${title} from this playlist`}
              onRemove={(tmdbId) => void actions.removeMovie(id, tmdbId)}
            />
          )}
        </>
      )}
    </LibraryPage>
  );
}
