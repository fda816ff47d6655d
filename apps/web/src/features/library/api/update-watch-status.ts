import { MessageResponse, WatchStatusSet } from '@app/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useWatchStatus } from './get-watch-status';
import { failure, keys, type WatchStatusValue } from './library-keys';
import { toastWithAction, toastWithUndo } from './undo-toast';
import { ALSO_REMOVE_FROM_WATCHLIST, STATUS_FAILED, WATCH_TEXT } from '../../../lib/watch-messages';

/** Sets one of a movie's statuses (POST /api/user/watch-status). */
const setStatus = (tmdbId: number, status: WatchStatusValue) =>
  apiFetch('/api/user/watch-status', {
    method: 'POST',
    body: { tmdb_id: tmdbId, status },
    ...(import.meta.env.DEV ? { contract: WatchStatusSet } : {}),
  });

/** Clears one of a movie's statuses; already cleared (another tab) is what was wanted. */
async function clearStatus(tmdbId: number, status: WatchStatusValue) {
  try {
    await apiFetch(`/api/user/watch-status/${tmdbId}?status=${status}`, {
      method: 'DELETE',
      ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
    });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}

/** The cleared status's toast, whose Undo sets it again. */
function clearedToast(qc: QueryClient, tmdbId: number, status: WatchStatusValue) {
  toastWithUndo(WATCH_TEXT[status].cleared, async () => {
    try {
      await setStatus(tmdbId, status);
      toast.success(WATCH_TEXT[status].set);
    } catch (err) {
      saveFailed(err);
    } finally {
      void qc.invalidateQueries({ queryKey: keys.watch });
    }
  });
}

/** Says why a status was not saved. 409: the movie is in the diary, so it stays watched; the API says what to do. */
const saveFailed = (err: unknown) =>
  toast.error(err instanceof ApiError && err.status === 409 ? err.message : failure(err, {}, STATUS_FAILED));

/**
 * A movie's watch statuses. Watched and want-to-watch are independent (spec section 4): setting
 * one posts only that status and never clears the other; each is cleared on its own.
 */
export function useWatchStatusOf(tmdbId: number) {
  const { user, ready } = useAuth();
  const qc = useQueryClient();
  const entries = useWatchStatus();
  const held = new Set(entries.data?.filter((e) => e.tmdb_id === tmdbId).map((e) => e.status));
  const mutation = useMutation({
    mutationFn: async ({ status, on }: { status: WatchStatusValue; on: boolean }) => {
      if (on) await setStatus(tmdbId, status);
      else await clearStatus(tmdbId, status);
    },
    onSuccess: (_r, { status, on }) => {
      if (!on) return clearedToast(qc, tmdbId, status);
      // Marking watched leaves the watchlist alone (spec section 4); a film still on it gets a
      // button that takes it off, as Letterboxd does on its own (decision 0082).
      if (status === 'watched' && held.has('want_to_watch'))
        return toastWithAction(WATCH_TEXT.watched.set, ALSO_REMOVE_FROM_WATCHLIST, async () => {
          try {
            await clearStatus(tmdbId, 'want_to_watch');
            clearedToast(qc, tmdbId, 'want_to_watch');
          } catch (err) {
            saveFailed(err);
          } finally {
            void qc.invalidateQueries({ queryKey: keys.watch });
          }
        });
      toast.success(WATCH_TEXT[status].set);
    },
    onError: saveFailed,
    onSettled: () => qc.invalidateQueries({ queryKey: keys.watch }),
  });
  const allowed = (status: WatchStatusValue) => {
    if (!ready) return false;
    if (!user) toast.error(WATCH_TEXT[status].login);
    return !!user;
  };
  const set = (status: WatchStatusValue) => {
    if (!allowed(status)) return;
    if (held.has(status)) {
      toast(WATCH_TEXT[status].already);
      return;
    }
    mutation.mutate({ status, on: true });
  };
  const clear = (status: WatchStatusValue) => {
    if (allowed(status)) mutation.mutate({ status, on: false });
  };
  return {
    watched: held.has('watched'),
    wantToWatch: held.has('want_to_watch'),
    set,
    clear,
    pending: mutation.isPending,
  };
}

/** Clears one status from a list page (the × on a Watched or Watchlist card). */
export function useClearWatchStatus(status: WatchStatusValue) {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: (tmdbId: number) => clearStatus(tmdbId, status),
    onSuccess: (_r, tmdbId) => clearedToast(qc, tmdbId, status),
    onError: saveFailed,
    onSettled: () => qc.invalidateQueries({ queryKey: keys.watch }),
  });
  return (tmdbId: number) => mutation.mutate(tmdbId);
}
