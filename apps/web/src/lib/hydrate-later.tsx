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

/** The next part's turn: a macrotask after the previous part's. */
function nextTurn(): Promise<void> {
  const turn = tail.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  void turn.then(() => done.add(turn));
  tail = turn;
  return turn;
}

/**
 * Runs `hydrate` (hydrateRoot on the server's markup) with the HydrateLater parts left for tasks
 * of their own; settles once every part has hydrated.
 */
export function hydrateInParts(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  // A microtask later than the last turn: its part has rendered (Preact renders a resumed part in
  // a microtask of the turn's task).
  return tail.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
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
