import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { MovieCard, type CardMovie } from '../../../components/ui/movie-card';

/**
 * A library grid (2 to 5 columns, as every grid) whose cards each carry a remove button, always
 * visible (a phone has no hover), labelled with the movie's title. After a removal from the
 * keyboard, focus goes to the remove button now in the removed card's place (or the last one), not
 * back to the top of the page (a reviewer's walk: twelve Tabs to reach the toast's Undo).
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
  const list = useRef<HTMLUListElement>(null);
  /** The place in the grid of the remove button used from the keyboard, until the list changes. */
  const refocus = useRef<number | null>(null);
  const ids = movies.map((m) => m.id).join(',');
  useEffect(() => {
    const at = refocus.current;
    refocus.current = null;
    if (at === null || !list.current) return;
    const buttons = list.current.querySelectorAll<HTMLButtonElement>('button[data-remove]');
    if (buttons.length > 0) buttons[Math.min(at, buttons.length - 1)]!.focus();
  }, [ids]);
  return (
    <ul ref={list} className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {movies.map((m, i) => {
        const name = label(m.title ?? m.name ?? 'Untitled');
        return (
          <li key={m.id} className="relative">
            <MovieCard movie={m} />
            <button
              type="button"
              data-remove
              onClick={(e) => {
                // A keyboard's Enter or Space (detail 0) keeps the keyboard's place; a pointer's click does not move focus.
                refocus.current = e.detail === 0 ? i : null;
                onRemove(m.id);
              }}
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
