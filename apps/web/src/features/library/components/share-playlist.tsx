import { useEffect, useState } from 'react';
import toast from '../../../lib/toast';
import { usePlaylistShare, useSetPlaylistPublic } from '../api/share-playlist';
import { PLAYLIST } from '../messages';

/** The owner's public-link control on a playlist page: off by default; on, a link with Copy. */
export function SharePlaylist({ playlistId }: { playlistId: number }) {
  const share = usePlaylistShare(playlistId);
  const set = useSetPlaylistPublic(playlistId);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  const path = share.data?.path ?? null;
  const url = path ? new URL(path, window.location.origin).href : '';
  const isPublic = path !== null;
  const toggle = () =>
    set.mutate(!isPublic, {
      onSuccess: (s) => toast.success(s.path ? PLAYLIST.madePublic : PLAYLIST.madePrivate),
      onError: (err) => toast.error(err.message),
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(PLAYLIST.linkCopied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the link for a manual copy.
      (document.getElementById(`share-url-${playlistId}`) as HTMLInputElement | null)?.select();
      toast.error(PLAYLIST.copyFailed);
    }
  };
  return (
    <div
      className="w-full rounded-xl bg-zinc-900 p-3 ring-1 ring-white/10 sm:p-4"
      data-testid="share-playlist"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-semibold">Public link</p>
          <p className="text-xs text-zinc-400">
            {isPublic
              ? 'Anyone with the link can see this playlist (read-only), signed in or not.'
              : 'Off: only you can see this playlist.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isPublic}
          aria-label="Public link"
          disabled={share.isPending || set.isPending}
          onClick={toggle}
          className={`relative h-7 w-12 shrink-0 rounded-full transition disabled:opacity-50 ${isPublic ? 'bg-red-600' : 'bg-zinc-700'}`}
        >
          <span
            className={`absolute top-1 h-5 w-5 rounded-full bg-white transition-all ${isPublic ? 'left-6' : 'left-1'}`}
          />
        </button>
      </div>
      {isPublic && (
        <div className="mt-3 flex gap-2">
          <label htmlFor={`share-url-${playlistId}`} className="sr-only">
            Public link
          </label>
          <input
            id={`share-url-${playlistId}`}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg bg-zinc-950 px-3 py-2 text-sm text-zinc-200 ring-1 ring-white/10"
          />
          <button
            type="button"
            onClick={() => void copy()}
            className="shrink-0 rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold hover:bg-red-600"
          >
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy link'}</span>
          </button>
        </div>
      )}
    </div>
  );
}
