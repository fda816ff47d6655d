import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import type { Playlist } from '../api/library-keys';
import { usePlaylistActions } from '../api/playlist-actions';
import { usePlaylists } from '../api/get-playlists';

/** As the API's PLAYLIST_NAME_MAX (the contracts package would bring zod into this chunk). */
const PLAYLIST_NAME_MAX = 100;

const input =
  'w-full rounded-lg bg-zinc-800 px-3 py-2 text-sm outline-none ring-1 ring-white/10 focus:ring-red-500';
const secondary = 'rounded-lg px-4 py-2 text-sm hover:bg-zinc-800';
const danger = 'rounded-lg bg-red-700 px-4 py-2 text-sm font-medium hover:bg-red-600 disabled:opacity-40';

/** Rename: the name trimmed, 1 to 100 characters; Save is disabled while it is blank or unchanged. */
export function RenamePlaylistDialog({ playlist, onClose }: { playlist: Playlist; onClose: () => void }) {
  const actions = usePlaylistActions();
  const [name, setName] = useState(playlist.name);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  // Names are unique per user, ignoring case (decision 0066); its own name in another case is fine.
  const others = usePlaylists().data ?? [];
  const taken = others.some(
    (p) => p.playlist_id !== playlist.playlist_id && p.name.toLowerCase() === trimmed.toLowerCase(),
  );
  return (
    <Modal title="Rename Playlist" onClose={onClose}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!trimmed || taken) return;
          setBusy(true);
          if (await actions.rename(playlist.playlist_id, trimmed)) onClose();
          else setBusy(false);
        }}
      >
        <label htmlFor="playlist-name" className="mb-1 block text-sm">
          Name
        </label>
        <input
          id="playlist-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={PLAYLIST_NAME_MAX}
          autoComplete="off"
          aria-invalid={taken}
          aria-describedby={taken ? 'playlist-name-taken' : undefined}
          className={input}
        />
        {taken && (
          <p id="playlist-name-taken" role="status" className="mt-2 text-xs text-amber-300">
            You already have a playlist with that name
          </p>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" onClick={onClose} className={secondary}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={!trimmed || trimmed === playlist.name || taken || busy}
            className={danger}
          >
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Deleting asks first: it cannot be undone, and it takes the playlist's entries with it. */
export function DeletePlaylistDialog({
  playlist,
  onClose,
  onDeleted,
}: {
  playlist: Playlist;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const actions = usePlaylistActions();
  const [busy, setBusy] = useState(false);
  const n = playlist.movie_count;
  return (
    <Modal title="Delete Playlist" onClose={onClose}>
      <p className="text-sm text-zinc-300">
        Delete <strong className="font-semibold text-white">{playlist.name}</strong>
        {n > 0 ? ` and its ${n} movie${n === 1 ? '' : 's'}` : ''}? This cannot be undone. The movies stay in
        your likes, watchlist and other playlists.
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={onClose} className={secondary}>
          Cancel
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const deleted = await actions.remove(playlist.playlist_id);
            onClose();
            if (deleted) onDeleted?.();
          }}
          className={danger}
        >
          Delete
        </button>
      </div>
    </Modal>
  );
}
