import type { CSSProperties } from 'react';

/**
 * Placeholders in the shape of what is loading, so a page has its layout at once and nothing moves
 * when the data arrives. Each is one `role="status"` region with a label for screen readers. Sizes
 * are style attributes: every Tailwind class is in the stylesheet each page loads first.
 */
const block = 'animate-pulse rounded-xl bg-zinc-800';

const Bar = ({ style }: { style: CSSProperties }) => <div className={block} style={style} />;

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

/** The movie page's backdrop, poster and text column. */
export function MovieDetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading movie">
      <div className="h-[50vh] min-h-[320px] bg-zinc-900" />
      <div className="mx-auto -mt-48 max-w-7xl px-page pb-16">
        <div className="relative flex flex-col gap-8 md:flex-row">
          <div className={`${block} mx-auto aspect-[2/3] w-48 shrink-0 rounded-2xl md:mx-0 md:w-64`} />
          <div className="min-w-0 flex-1 space-y-3 md:pt-24">
            <Bar style={{ height: 40, width: '66%' }} />
            <Bar style={{ height: 20, width: 256, maxWidth: '100%' }} />
            <Bar style={{ height: 96, maxWidth: 768 }} />
            <Bar style={{ height: 44, maxWidth: 448 }} />
          </div>
        </div>
      </div>
    </div>
  );
}
