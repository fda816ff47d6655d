import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import toast from '../../../lib/toast';
import { usePlaylistsWith } from '../api/get-playlists';
import { usePlaylistActions } from '../api/playlist-actions';
import { PLAYLIST } from '../messages';

export const MODAL_AUTO_CLOSE_MS = 500;

/**
 * Create a playlist, pick several, Confirm adds the movie to each in turn, then closes after 500 ms.
 * Playlists that already hold the movie say so, with a Remove button instead of a checkbox.
 */
export function AddToPlaylistModal({ tmdbId, onClose }: { tmdbId: number; onClose: () => void }) {
  const { user, ready } = useAuth();
  const playlists = usePlaylistsWith(tmdbId);
  const [removing, setRemoving] = useState<number | null>(null);
  const actions = usePlaylistActions();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  // Until the session is read a member cannot be told from a visitor: wait in the dialog.
  if (!ready)
    return (
      <Modal title="Add to Playlist" onClose={onClose}>
        <Spinner label="Loading your playlists" />
      </Modal>
    );
  if (!user) {
    toast.error(PLAYLIST.loginToAdd);
    queueMicrotask(onClose);
    return null;
  }
  // Names are unique per user, ignoring case (decision 0066): said before the server would refuse.
  const taken = playlists.data?.some((p) => p.name.toLowerCase() === name.trim().toLowerCase()) ?? false;
  const create = async () => {
    const p = await actions.create(name.trim());
    if (p) {
      setName('');
      setSelected((s) => [...s, p.playlist_id]);
    }
  };
  const confirm = async () => {
    setBusy(true);
    for (const id of selected) await actions.addMovie(id, tmdbId);
    setTimeout(onClose, MODAL_AUTO_CLOSE_MS);
  };
  return (
    <Modal title="Add to Playlist" onClose={onClose}>
      {/* A form: Enter in the name creates it, as the button does. */}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() && !taken) void create();
        }}
      >
        <label className="sr-only" htmlFor="new-playlist">
          New playlist name
        </label>
        <input
          id="new-playlist"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          aria-invalid={taken}
          aria-describedby={taken ? 'new-playlist-taken' : undefined}
          placeholder="New playlist name"
          className="flex-1 rounded-lg bg-zinc-800 px-3 py-2 text-sm outline-none ring-1 ring-white/10 focus:ring-red-500"
        />
        <button
          type="submit"
          disabled={!name.trim() || taken}
          className="rounded-lg bg-red-700 px-3 py-2 text-sm font-medium hover:bg-red-700 disabled:opacity-40"
        >
          Create
        </button>
      </form>
      {taken && (
        <p id="new-playlist-taken" role="status" className="mt-2 text-xs text-amber-300">
          You already have a playlist with that name
        </p>
      )}
      <ul className="mt-4 max-h-60 space-y-1 overflow-y-auto">
        {playlists.data?.length === 0 && (
          <li className="text-sm text-zinc-400">No playlists yet: create one above.</li>
        )}
        {playlists.data?.map((p) =>
          p.contains_movie ? (
            <li key={p.playlist_id} className="flex items-center gap-3 rounded-lg px-2 py-2">
              <span aria-hidden="true" className="w-4 text-center text-emerald-300">
                ✓
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm">{p.name}</span>
                <span className="block text-xs text-emerald-300">In this playlist</span>
              </span>
              <button
                type="button"
                disabled={removing === p.playlist_id}
                onClick={async () => {
                  setRemoving(p.playlist_id);
                  await actions.removeMovie(p.playlist_id, tmdbId);
                  setRemoving(null);
                }}
                aria-label={`Remove from ${p.name}`}
                className="rounded-lg px-3 py-1.5 text-xs font-medium text-red-300 ring-1 ring-white/15 hover:bg-zinc-800 disabled:opacity-40"
              >
                Remove
              </button>
            </li>
          ) : (
            <li key={p.playlist_id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-zinc-800">
                <input
                  type="checkbox"
                  checked={selected.includes(p.playlist_id)}
                  onChange={(e) =>
                    setSelected((s) =>
                      e.target.checked ? [...s, p.playlist_id] : s.filter((x) => x !== p.playlist_id),
                    )
                  }
                  className="accent-red-600"
                />
                <span className="min-w-0 flex-1 truncate text-sm">{p.name}</span>
                <span className="ml-auto text-xs text-zinc-400">{p.movie_count}</span>
              </label>
            </li>
          ),
        )}
      </ul>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 text-sm hover:bg-zinc-800">
          Cancel
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={selected.length === 0 || busy}
          className="rounded-lg bg-red-700 px-4 py-2 text-sm font-medium hover:bg-red-700 disabled:opacity-40"
        >
          Confirm
        </button>
      </div>
    </Modal>
  );
}
