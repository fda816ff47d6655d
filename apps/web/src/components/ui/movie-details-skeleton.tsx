import { Bar, SKELETON_BLOCK as block } from './skeleton-bar';

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
