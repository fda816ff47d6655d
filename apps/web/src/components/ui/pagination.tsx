/** Prev, 'Page X of Y', Next; hidden for a single page; scrolls smoothly to the top on change. */
export function Pagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const go = (p: number) => {
    onChange(p);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const btn =
    'rounded-lg bg-zinc-800 px-4 py-2 text-sm font-medium hover:bg-zinc-700 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
      <button type="button" className={btn} disabled={page <= 1} onClick={() => go(page - 1)}>
        Prev
      </button>
      <span className="text-sm text-zinc-300" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button type="button" className={btn} disabled={page >= totalPages} onClick={() => go(page + 1)}>
        Next
      </button>
    </nav>
  );
}
