import { Suspense, useState, type ReactNode } from 'react';

/**
 * Hydrating a server-rendered page in parts. Preact hydrates a page in one synchronous pass: on a
 * phone's CPU the home page (the hero and three rows of cards) was one task of 150–250 ms, and
 * every millisecond of a task past 50 is "blocking time" to a visitor's taps and to Lighthouse.
 * A part wrapped in HydrateLater is skipped by that pass, its server markup kept as it is (Preact
 * keeps the DOM of a component that suspends while hydrating), and hydrated in a task of its own
 * right after, in page order. Anywhere but that first pass (a page the browser renders itself,
 * React in the tests) it renders its children at once.
 *
 * The part must render exactly one element at its root (a row's `<section>`): that element is
 * what Preact keeps for it.
 */
let hydrating = false;
/** Settles once the last part so far has hydrated. */
let tail: Promise<void> = Promise.resolve();
const done = new WeakSet<Promise<void>>();

/** A macrotask after `after`. */
const taskAfter = (after: Promise<void>) =>
  after.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** The next part's turn: a macrotask after the previous part's. */
function nextTurn(): Promise<void> {
  const turn = taskAfter(tail);
  void turn.then(() => done.add(turn));
  tail = turn;
  return turn;
}

/**
 * Runs `hydrate` (hydrateRoot on the server's markup) with the HydrateLater parts left for tasks
 * of their own; settles once every part has hydrated.
 */
export function hydrateInParts(hydrate: () => void): Promise<void> {
  const before = tail;
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  // A task later than the last turn: its part has rendered (Preact renders a resumed part in a
  // microtask of the turn's own task).
  const hydrated = taskAfter(tail);
  if (tail !== before) holdLinkClicks(hydrated);
  return hydrated;
}

/**
 * A link in a part not yet hydrated has no handler: a click on it would load the whole page
 * again instead of the router's navigation. Until every part has hydrated (a few tasks), a plain
 * click on a link of this site is held, then clicked again. (`public/boot.js` holds the buttons'
 * clicks until the app is ready, but lets links go: while the scripts load, a link that loads its
 * page is better than a link that does nothing.)
 */
function holdLinkClicks(until: Promise<void>) {
  let held: HTMLAnchorElement | null = null;
  const hold = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.defaultPrevented) return;
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
    if (link.hasAttribute('download') || link.origin !== window.location.origin) return;
    e.preventDefault();
    e.stopPropagation();
    held = link;
  };
  document.addEventListener('click', hold, true);
  void until.then(() => {
    document.removeEventListener('click', hold, true);
    if (held?.isConnected) held.click();
  });
}

function Wait({ turn, children }: { turn: Promise<void> | null; children: ReactNode }) {
  if (turn && !done.has(turn)) throw turn;
  return <>{children}</>;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  // Taken once, in the first pass: a part rendered later (the page changed) does not wait.
  const [turn] = useState(() => (hydrating ? nextTurn() : null));
  return (
    <Suspense fallback={null}>
      <Wait turn={turn}>{children}</Wait>
    </Suspense>
  );
}
