import type {
  DiaryEntry,
  DiaryEntryCreated,
  DiaryPage,
  RatedMoviePage,
  RatingState,
  YearInReview,
} from '@app/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { toastWithUndo } from '../../../components/ui/undo-toast';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export const keys = {
  rating: (tmdbId: number) => ['library', 'rating', tmdbId] as const,
  movieDiary: (tmdbId: number) => ['library', 'diary', 'movie', tmdbId] as const,
  diary: ['library', 'diary', 'all'] as const,
  ratings: ['library', 'ratings', 'all'] as const,
  stats: (year: number | 'all' | null) => ['library', 'stats', year] as const,
  watch: ['library', 'watch-status'] as const,
};

const SESSION_EXPIRED = 'Session expired. Please login again.';
export const message = (err: unknown, fallback: string) => {
  if (!(err instanceof ApiError)) return fallback;
  if (err.status === 401) return SESSION_EXPIRED;
  // The API's 4xx messages are written for people (a future date, a day already logged…).
  return err.status >= 400 && err.status < 500 && err.message ? err.message : fallback;
};

/** The visitor's local calendar date, 'YYYY-MM-DD' (what "today" means to them). */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** "3.5 out of 5 stars" (what a screen reader hears for a rating). */
export const ratingText = (r: number | null) => (r === null ? 'Not rated' : `${r} out of 5 stars`);

export function useRating(tmdbId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.rating(tmdbId),
    queryFn: () => apiFetch<RatingState>(`/api/user/ratings/${tmdbId}`),
    enabled: !!user,
  });
}

export function useMovieDiary(tmdbId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.movieDiary(tmdbId),
    queryFn: () => apiFetch<DiaryPage>(`/api/user/diary?tmdb_id=${tmdbId}`),
    enabled: !!user,
  });
}

/** Everything a rating or a diary change can show up in. */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['library'] });
}

export function useRatingActions(tmdbId: number) {
  const refresh = useRefresh();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: ({ rating, review }: { rating: number; review: string | null; what: 'rating' | 'review' }) =>
      apiFetch<RatingState>(`/api/user/ratings/${tmdbId}`, { method: 'PUT', body: { rating, review } }),
    onSuccess: (state, { what }) => {
      qc.setQueryData(keys.rating(tmdbId), state);
      toast.success(what === 'review' ? 'Review saved!' : `Rated ${ratingText(state.rating)}`);
    },
    onError: (err) => toast.error(message(err, 'Failed to save your rating.')),
    onSettled: refresh,
  });
  const clear = useMutation({
    mutationFn: async () => {
      try {
        await apiFetch(`/api/user/ratings/${tmdbId}`, { method: 'DELETE' });
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err; // already gone
      }
    },
    onSuccess: () => toast.success('Rating removed'),
    onError: (err) => toast.error(message(err, 'Failed to remove your rating.')),
    onSettled: refresh,
  });
  return { save, clear, pending: save.isPending || clear.isPending };
}

export function useLogViewing() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { tmdb_id: number; watched_on: string; rewatch: boolean; tags?: string[] }) =>
      apiFetch<DiaryEntryCreated>('/api/user/diary', { method: 'POST', body }),
    onError: (err) => toast.error(message(err, 'Failed to log the viewing.')),
    onSettled: refresh,
  });
}

/**
 * A logged viewing's toast. Logging takes the film off the watchlist (decision 0082); when it was
 * on it, the toast says so and its Undo puts it back (the viewing stays: it has its own Delete).
 */
export function useLoggedToast() {
  const refresh = useRefresh();
  return (entry: DiaryEntryCreated, said: string) => {
    if (!entry.removed_from_watchlist) {
      toast.success(said);
      return;
    }
    toastWithUndo(`${said} · Removed from your watchlist`, async () => {
      try {
        await apiFetch('/api/user/watch-status', {
          method: 'POST',
          body: { tmdb_id: entry.tmdb_id, status: 'want_to_watch' },
        });
        toast.success('Added to your watchlist!');
      } catch (err) {
        toast.error(message(err, 'Failed to update status.'));
      } finally {
        void refresh();
      }
    });
  };
}

/** Deletes a diary entry, with a toast that can put it back (Undo logs the same viewing again). */
export function useDeleteEntry() {
  const refresh = useRefresh();
  const log = useLogViewing();
  return useMutation({
    mutationFn: (entry: Pick<DiaryEntry, 'id' | 'title'>) =>
      apiFetch<{ tmdb_id: number; watched_on: string; rewatch: boolean; tags?: string[] }>(
        `/api/user/diary/${entry.id}`,
        { method: 'DELETE' },
      ),
    onSuccess: (gone, entry) =>
      toastWithUndo(`Deleted ${entry.title} (${gone.watched_on}) from your diary`, () =>
        log.mutate(gone, { onSuccess: () => toast.success('Diary entry restored') }),
      ),
    onError: (err) => toast.error(message(err, 'Failed to delete the diary entry.')),
    onSettled: refresh,
  });
}

/** A signed-in user's list of `path`, page after page (`?page=`), for as long as there are more. */
function useUserPages<T extends { page: number; total_pages: number }>(
  key: readonly unknown[],
  path: string,
) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => apiFetch<T>(`${path}?page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    enabled: !!user,
  });
}

/** Every logged viewing, newest first, 50 a page. */
export const useDiary = () => useUserPages<DiaryPage>(keys.diary, '/api/user/diary');

/** Every rated film, most recently rated first, 50 a page (imported ratings included). */
export const useRatings = () => useUserPages<RatedMoviePage>(keys.ratings, '/api/user/ratings');

/** One year's review, all time ('all'), or (null) the latest year with entries, as the API picks. */
export function useYearInReview(year: number | 'all' | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.stats(year),
    queryFn: () => apiFetch<YearInReview>(`/api/user/stats${year ? `?year=${year}` : ''}`),
    enabled: !!user,
    placeholderData: (previous) => previous,
  });
}
