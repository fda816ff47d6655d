import { useRef } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from './media-icons';
import { MovieCard, type CardMovie } from './movie-card';

export const ROW_SCROLL_STEP = 300;

/** A horizontally scrolling row with arrows that scroll 300px, and an optional View All link. */
export function MovieRow({
  title,
  movies,
  viewAll,
  eager = false,
  headerClassName = '',
}: {
  title: string;
  movies: CardMovie[];
  viewAll?: string;
  /** The first posters load at once: this row is on screen when the page opens. */
  eager?: boolean;
  /** Room in the header for controls the parent places over it (a playlist's menu). */
  headerClassName?: string;
}) {
  const scroller = useRef<HTMLUListElement>(null);
  const scroll = (dir: 1 | -1) =>
    scroller.current?.scrollBy({ left: dir * ROW_SCROLL_STEP, behavior: 'smooth' });
  const id = `row-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className={`mb-3 flex items-center justify-between ${headerClassName}`}>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <div className="flex items-center gap-2">
          {viewAll && (
            <Link to={viewAll} className="mr-2 text-sm text-red-400 hover:text-red-300">
              View All
            </Link>
          )}
          <button
            type="button"
            onClick={() => scroll(-1)}
            aria-label={`Scroll ${title} left`}
            className="rounded-full bg-zinc-800 p-1.5 hover:bg-zinc-700"
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            onClick={() => scroll(1)}
            aria-label={`Scroll ${title} right`}
            className="rounded-full bg-zinc-800 p-1.5 hover:bg-zinc-700"
          >
            <ChevronRight />
          </button>
        </div>
      </div>
      <ul ref={scroller} className="no-scrollbar flex gap-4 overflow-x-auto scroll-smooth pb-2">
        {movies.map((m, i) => (
          <li key={m.id} className="w-36 shrink-0 sm:w-44">
            <MovieCard movie={m} eager={eager && i < 4} />
          </li>
        ))}
      </ul>
    </section>
  );
}
