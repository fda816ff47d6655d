import { hydrate as hydrateQueries, type DehydratedState } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { preloadScreen } from './app/router';
import { hideSeenHint } from './features/library/hooks/hide-seen-hint';
import { sessionKnown } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import './first-paint.css';

// The toaster is not needed for the first paint: it loads right after, into its own root (outside
// the markup the server may have rendered), and toasts raised before it mounts still show
// (react-hot-toast keeps them in its store).
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

/** How long a held click waits for the session before it is replayed anyway. */
const SESSION_WAIT_MS = 5_000;

const queryClient = createQueryClient();
const container = document.getElementById('root')!;
const app = <AppRoot queryClient={queryClient} router={BrowserRouter} />;

/**
 * The data a server-rendered page was rendered from (src/entry-server.tsx), in a JSON block of the
 * HTML (not a script: the CSP allows none inline).
 */
function serverState(): DehydratedState | null {
  const block = document.getElementById('ssr-state');
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as DehydratedState) : null;
  } catch {
    return null;
  }
}

async function start() {
  const state = serverState();
  // Hydrated only if the browser's first render is the one the server made: an anonymous
  // visitor's. With "hide what I've seen" on here, the lists wait for the session, so the page is
  // rendered afresh instead.
  if (state && !hideSeenHint()) {
    hydrateQueries(queryClient, state);
    // The screen's chunk (preloaded by the HTML) first, so hydration is one pass and never shows
    // the loading fallback in place of the server's markup.
    await preloadScreen(window.location.pathname).catch(() => undefined);
    // A task of its own: evaluating the modules and hydrating them in one went past 50 ms on a
    // phone's CPU (blocking time, decision 0075).
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Concurrent: the shell first, then each Suspense boundary (the hero, each row) on its own, in
    // slices that yield to the browser; a click in a part not yet hydrated hydrates it first and
    // is then handed to it (lib/hydration-boundary.tsx, decision 0088).
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
  // A click held while the scripts loaded waits for the session too (at most SESSION_WAIT_MS):
  // replayed on Like or Add to Playlist before it is read, it would be dropped or told to sign in.
  // A held click on a part not hydrated yet is then hydrated first by React (see replayHeldClick).
  void Promise.race([sessionKnown, new Promise((r) => setTimeout(r, SESSION_WAIT_MS))]).then(replayHeldClick);
  const toasts = document.body.appendChild(document.createElement('div'));
  createRoot(toasts).render(
    <Suspense fallback={null}>
      {/* Toasts at the bottom centre for 3 seconds (spec). */}
      <Toaster
        position="bottom-center"
        toastOptions={{ duration: 3000, style: { background: '#27272a', color: '#f4f4f5' } }}
      />
    </Suspense>,
  );
}

/**
 * The app is interactive and knows who is signed in: clicks and keys go to it from now on. What
 * public/boot.js held meanwhile is replayed after the first effects have run: the shortcut
 * keys typed outside a field, in order, then the click on the same element (hydration keeps the
 * server's elements; a held element the first render replaced is not clicked).
 */
function replayHeldClick() {
  const w = window as unknown as {
    __cinelogReady?: boolean;
    __cinelogHeldClick?: HTMLElement;
    __cinelogHeldKeys?: { key: string; target: EventTarget | null }[];
  };
  w.__cinelogReady = true;
  const held = w.__cinelogHeldClick;
  const keys = w.__cinelogHeldKeys ?? [];
  delete w.__cinelogHeldClick;
  delete w.__cinelogHeldKeys;
  if (!held && keys.length === 0) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      // The shortcuts listen on the document (app/shortcuts.tsx): the keys go to it in order, each
      // from where it was typed when that element is still there.
      for (const { key, target } of keys) {
        const at = target instanceof Node && target.isConnected ? target : document.body;
        at.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
      if (held?.isConnected) held.click();
    }),
  );
}

void start();
