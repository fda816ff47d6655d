import { useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { MessageResponse, type RecentlyVisitedEntry } from '@app/contracts';
import { apiFetch } from '../../../lib/api-client';
import { failure, keys } from './library-keys';
import { toastWithUndo } from './undo-toast';
import { RECENTLY_VISITED } from '../messages';

type Visit = Pick<RecentlyVisitedEntry, 'tmdb_id' | 'visited_at'>;

/**
 * Removing one film from recently visited, and clearing the list, each with Undo on its toast:
 * the visits go back at their own times, so the list's order is what it was (decision 0065).
 */
export function useRecentlyVisitedActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.recent });
  const putBack = async (visits: Visit[]) => {
    try {
      await apiFetch('/api/user/recently-visited', {
        method: 'PUT',
        body: { visits: visits.map(({ tmdb_id, visited_at }) => ({ tmdb_id, visited_at })) },
        ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
      });
    } catch (err) {
      toast.error(failure(err, {}, RECENTLY_VISITED.putBackFailed));
    } finally {
      await refresh();
    }
  };
  const run = async (path: string, message: string, visits: Visit[], failed: string) => {
    try {
      await apiFetch(path, {
        method: 'DELETE',
        ...(import.meta.env.DEV ? { contract: MessageResponse } : {}),
      });
      toastWithUndo(message, () => putBack(visits));
    } catch (err) {
      toast.error(failure(err, {}, failed));
    } finally {
      await refresh();
    }
  };
  return {
    // The film named: two removals in a row leave two toasts, each Undo saying what it puts back.
    remove: (visit: Visit & { title: string }) =>
      run(
        `/api/user/recently-visited/${visit.tmdb_id}`,
        RECENTLY_VISITED.removed(visit.title),
        [visit],
        RECENTLY_VISITED.removeFailed,
      ),
    clear: (visits: Visit[]) =>
      run('/api/user/recently-visited', RECENTLY_VISITED.cleared, visits, RECENTLY_VISITED.clearFailed),
  };
}
