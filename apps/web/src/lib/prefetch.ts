/**
 * Handlers for a button whose code loads on first use: pointing at or focusing it starts the
 * download (`{onPointerEnter, onFocus}`), so the click rarely waits. A failed download is retried
 * by the click itself.
 */
export const prefetchOn = (load: () => Promise<unknown>) => {
  const start = () => void load().catch(() => undefined);
  return { onPointerEnter: start, onFocus: start };
};
