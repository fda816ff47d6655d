import { CloseIcon } from '../../../components/ui/icons';
import { MovieCard, type CardMovie } from '../../../components/ui/movie-card';

/**
 * A library grid (2 to 5 columns, as every grid) whose cards each carry a remove button, always
 * visible (a phone has no hover), labelled with the movie's title.
 */
export function RemovableGrid({
  movies,
  label,
  onRemove,
}: {
  movies: CardMovie[];
  /** The button's accessible name, e.g. `Remove Heat from watchlist`. */
  label: (title: string) => string;
  onRemove: (id: number) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {movies.map((m) => {
        const name = label(m.title ?? m.name ?? 'Untitled');
        return (
          <li key={m.id} className="relative">
            <MovieCard movie={m} />
            <button
              type="button"
              onClick={() => onRemove(m.id)}
              aria-label={name}
              title={name}
              className="absolute right-0 top-0 p-2"
            >
              {/* A small mark on the poster, inside a larger target for a finger. */}
              <span className="block rounded-full bg-black/70 p-1.5 text-white ring-1 ring-white/15 backdrop-blur hover:bg-red-700">
                <CloseIcon width={16} height={16} />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
