import { CloseIcon } from '../../components/ui/icons';
import { BookmarkIcon, EyeIcon } from '../../components/ui/media-icons';
import { useWatchStatusOf, type WatchStatusValue } from './api';

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
    const tone =
      status === 'watched'
        ? 'bg-emerald-700 ring-emerald-700 hover:bg-emerald-600'
        : 'bg-sky-700 ring-sky-700 hover:bg-sky-600';
    const label = LABELS[status];
    return (
      <span className="flex">
        <button
          type="button"
          onClick={() => watch.set(status)}
          aria-pressed={on}
          disabled={watch.pending}
          className={`${btn} ${on ? `${tone} rounded-r-none` : ''}`}
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
            className={`${btn} ${tone} rounded-l-none border-l border-black/30 px-2.5`}
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
