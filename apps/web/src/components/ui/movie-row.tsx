import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { HydrationBoundary } from '../../lib/hydration-boundary';
import { ChevronLeft, ChevronRight } from './media-icons';
import { MovieCard, type CardMovie } from './movie-card';

export const ROW_SCROLL_STEP = 300;

/**
 * Cards a row renders at first: more than the widest screen shows (`max-w-7xl` holds under 7 of
 * 176 px). The rest follow right after the first render, CARD_BATCH at a time, each batch in a
 * task of its own, so a page that arrives rendered by the server carries (and hydrates) only what
 * is in view (decision 0036), and no task a phone runs for them is long (decision 0075).
 */
export const FIRST_CARDS = 8;
export const CARD_BATCH = 4;
/**
 * The first row's first posters are part of the first screen (a phone shows two and a half): at
 * low priority, the browser asked for them only once the scripts had arrived.
 */
const PRIORITY_CARDS = 3;

type RowProps<M extends CardMovie> = {
  title: string;
  /** A line under the title (what the row is made from). */
  subtitle?: string;
  movies: M[];
  viewAll?: string;
  /** The first posters load at once: this row is on screen when the page opens. */
  eager?: boolean;
  /** Room in the header for controls the parent places over it (a playlist's menu). */
  headerClassName?: string;
  /** What each card shows under its poster (For You: the film that brought it). */
  below?: (movie: M) => ReactNode;
};

/**
 * A horizontally scrolling row with arrows that scroll 300px, and an optional View All link. On a
 * page the server rendered, each row is hydrated on its own (lib/hydration-boundary.tsx).
 */
export function MovieRow<M extends CardMovie>(props: RowProps<M>) {
  return (
    <HydrationBoundary>
      <Row {...props} />
    </HydrationBoundary>
  );
}

function Row<M extends CardMovie>({
  title,
  subtitle,
  movies,
  viewAll,
  eager = false,
  headerClassName = '',
  below,
}: RowProps<M>) {
  const scroller = useRef<HTMLUListElement>(null);
  const [count, setCount] = useState(FIRST_CARDS);
  useEffect(() => {
    if (count >= movies.length) return;
    const timer = setTimeout(() => setCount((c) => c + CARD_BATCH), 0);
    return () => clearTimeout(timer);
  }, [count, movies.length]);
  const shown = movies.slice(0, count);
  // Arrows only where there is something to scroll to (a row of three likes fits on a desktop).
  const [scrollable, setScrollable] = useState(true);
  useEffect(() => {
    const ul = scroller.current;
    if (!ul || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrollable(ul.scrollWidth > ul.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(ul);
    return () => observer.disconnect();
  }, [shown.length]);
  const scroll = (dir: 1 | -1) =>
    scroller.current?.scrollBy({ left: dir * ROW_SCROLL_STEP, behavior: 'smooth' });
  const id = `row-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className={`mb-3 flex items-center justify-between ${headerClassName}`}>
        <div className="min-w-0">
          <h2 id={id} className="text-xl font-semibold [overflow-wrap:anywhere]">
            {title}
          </h2>
          {subtitle && <p className="text-sm text-zinc-400">{subtitle}</p>}
        </div>
        <div className="flex items-center gap-2">
          {viewAll && (
            <Link to={viewAll} className="mr-2 text-sm text-red-400 hover:text-red-300">
              View All
            </Link>
          )}
          {/* Hidden, not removed: the header keeps its height, so nothing below moves. */}
          <span className="flex items-center gap-2" style={scrollable ? undefined : { visibility: 'hidden' }}>
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
          </span>
        </div>
      </div>
      <ul ref={scroller} className="no-scrollbar flex gap-4 overflow-x-auto scroll-smooth pb-2">
        {shown.map((m, i) => (
          <li key={m.id} className="w-36 shrink-0 sm:w-44">
            <MovieCard movie={m} eager={eager && i < 4} priority={eager && i < PRIORITY_CARDS} />
            {below?.(m)}
          </li>
        ))}
      </ul>
    </section>
  );
}
