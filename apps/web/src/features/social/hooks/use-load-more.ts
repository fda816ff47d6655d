import { useEffect, useRef } from 'react';

/**
 * Infinite scrolling with a button to fall back on: the "Load more" button asks for the next page
 * when clicked, and by itself once it scrolls into view (where IntersectionObserver exists).
 */
export function useLoadMore(load: () => void, enabled: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled]);
  return ref;
}
