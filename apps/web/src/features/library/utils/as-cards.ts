import type { CardMovie } from '../../../components/ui/movie-card';
import { libraryId } from '../api/library-keys';

/** Any library list's movies (likes, watch status, visits, a playlist's) as cards: home's rows and the library's screens. */
export const asCards = (
  items: { tmdb_id: number; title: string; poster_path: string | null; vote_average: number }[],
): CardMovie[] =>
  items.map((m) => ({
    id: libraryId(m),
    title: m.title,
    poster_path: m.poster_path,
    vote_average: m.vote_average,
  }));
