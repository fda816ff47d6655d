import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React hydrates on its own (decision 0088): a Suspense
 * boundary. hydrateRoot hydrates the page's shell first and each boundary after it, in slices
 * that yield to the browser between them, so no one task hydrates the whole page (the hero and
 * three rows of cards were one task of 150–250 ms on a phone's CPU, decision 0075). Until a part
 * is hydrated its server markup stays as it is, and a click or a key in it makes React hydrate
 * that part first, then hand it the event (React's selective hydration and event replay).
 *
 * Anywhere but a hydration (a page the browser renders itself) it renders its children at once:
 * nothing in it suspends, so the empty fallback is never shown.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
