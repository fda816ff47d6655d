import { CloseIcon } from '../../../components/ui/icons';
import { BookmarkIcon, EyeIcon } from '../../../components/ui/media-icons';
import type { WatchStatusValue } from '../api/library-keys';
import { useWatchStatusOf } from '../api/update-watch-status';

const LABELS = {
  watched: { off: 'Mark as Watched', on: 'Watched', remove: 'Remove from watched' },
  want_to_watch: { off: 'Add to Watchlist', on: 'In Watchlist', remove: 'Remove from watchlist' },
} as const;

/**
 * The movie page's eye and bookmark. Each status is independent of the other. Choosing a held
 * status again only says so (spec); the × beside a held one clears it.
 */
export function WatchButtons({ id, btn }: { id: number; btn: string }) {
  const watch = useWatchStatusOf(id);
  const one = (status: WatchStatusValue) => {
    const on = status === 'watched' ? watch.watched : watch.wantToWatch;
    const Icon = status === 'watched' ? EyeIcon : BookmarkIcon;
    // Held: the tone stays under the pointer, and the status and its × are one segmented control.
    const tone = status === 'watched' ? 'bg-emerald-700 ring-emerald-700' : 'bg-sky-700 ring-sky-700';
    const held = `${btn.replace('hover:bg-white/10', '').replace('rounded-lg', '')} ${tone}`;
    const label = LABELS[status];
    return (
      <span className={on ? 'flex overflow-hidden rounded-lg' : 'flex'}>
        <button
          type="button"
          onClick={() => watch.set(status)}
          aria-pressed={on}
          disabled={watch.pending}
          className={on ? held : btn}
        >
          <Icon filled={on} /> {on ? label.on : label.off}
        </button>
        {on && (
          <button
            type="button"
            onClick={() => watch.clear(status)}
            disabled={watch.pending}
            aria-label={label.remove}
            title={label.remove}
            className={`${held} border-l border-white/10 px-3`}
          >
            <CloseIcon width={16} height={16} />
          </button>
        )}
      </span>
    );
  };
  return (
    <>
      {one('watched')}
      {one('want_to_watch')}
    </>
  );
}
