import { Bar, SKELETON_BLOCK as block } from './skeleton-bar';

/**
 * Placeholders in the shape of what is loading, so a page has its layout at once and nothing moves
 * when the data arrives. Each is one `role="status"` region with a label for screen readers. Sizes
 * are style attributes: every Tailwind class is in the stylesheet each page loads first. The movie
 * page's is in movie-details-skeleton.tsx (a page loads only its own, decision 0088).
 */

export function CardSkeleton() {
  return <div className={`${block} aspect-[2/3] w-full`} />;
}

/** The grid's columns and gaps (MovieGrid), filled with card-shaped blocks. */
export function GridSkeleton({ count = 20, label = 'Loading movies' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <CardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A row (MovieRow): its heading line and a strip of cards. */
export function RowSkeleton({ label = 'Loading movies' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="mt-10">
      <Bar style={{ height: 32, width: 160, marginBottom: 12 }} />
      <ul className="flex gap-4 overflow-hidden pb-2" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="w-36 shrink-0 sm:w-44">
            <CardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The hero caption's fixed height (the carousel's caption says how it is made up), here so that
 * the skeleton's caption has it too.
 */
export const HERO_CAPTION_HEIGHT = 'h-[15.5rem] sm:h-[18.35rem]';

/** The hero carousel's frame: same height, title, rating, overview and button lines. */
export function HeroSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading movies"
      className="relative h-[70vh] min-h-[420px] overflow-hidden bg-zinc-900 sm:rounded-b-3xl"
    >
      <div
        className={`absolute bottom-16 left-0 ${HERO_CAPTION_HEIGHT} w-full max-w-2xl space-y-3 px-14 sm:px-20`}
      >
        <Bar style={{ height: 40, width: '75%' }} />
        <Bar style={{ height: 20, width: 64 }} />
        <Bar style={{ height: 64 }} />
        <Bar style={{ height: 48, width: 144 }} />
      </div>
    </div>
  );
}
