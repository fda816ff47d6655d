import { WatchStatusSet, type DiaryEntryCreated } from '@app/contracts';
import toast from '../../../lib/toast';
import { toastWithUndo } from '../../../components/ui/undo-toast';
import { apiFetch } from '../../../lib/api-client';
import { STATUS_FAILED, WATCH_TEXT } from '../../../lib/watch-messages';
import { DIARY_TEXT } from '../messages';
import { message, useRefresh } from './diary-shared';

/**
 * A logged viewing's toast. Logging takes the film off the watchlist (decision 0082); when it was
 * on it, the toast says so and its Undo puts it back (POST /api/user/watch-status; the viewing
 * stays: it has its own Delete).
 */
export function useLoggedToast() {
  const refresh = useRefresh();
  return (entry: DiaryEntryCreated, said: string) => {
    if (!entry.removed_from_watchlist) {
      toast.success(said);
      return;
    }
    toastWithUndo(DIARY_TEXT.offWatchlist(said), async () => {
      try {
        await apiFetch('/api/user/watch-status', {
          method: 'POST',
          body: { tmdb_id: entry.tmdb_id, status: 'want_to_watch' },
          ...(import.meta.env.DEV ? { contract: WatchStatusSet } : {}),
        });
        toast.success(WATCH_TEXT.want_to_watch.set);
      } catch (err) {
        toast.error(message(err, STATUS_FAILED));
      } finally {
        void refresh();
      }
    });
  };
}
