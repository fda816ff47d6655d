import { useDeleteRating } from '../api/delete-rating';
import { useSaveRating } from '../api/save-rating';

/** A film's rating: save (PUT) and clear (DELETE), and whether either is under way. */
export function useRatingActions(tmdbId: number) {
  const save = useSaveRating(tmdbId);
  const clear = useDeleteRating(tmdbId);
  return { save, clear, pending: save.isPending || clear.isPending };
}
