import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { ChatWidget } from '../features/chat/components/chat-widget';
import { ErrorBoundary } from './error-boundary';
import { OPEN_HELP_EVENT, Shortcuts } from './shortcuts';
import { TopBar } from './top-bar';

/** Where the reader was on each history entry of this tab. */
const positions = new Map<string, number>();
/** Whether the page the visitor arrived on has been placed: it is left where it is. */
let arrived = false;

/** A new page starts at the top; Back and Forward return to where the reader was. */
function useScrollRestoration() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    // The page the visitor arrived on stays where it is: they may have scrolled the server's
    // markup before the scripts ran (hydration sent them back to the top), or the browser put a
    // reloaded page back where it was. Instant: the page's smooth scrolling is for in-page
    // moves, not for arriving somewhere.
    if (arrived)
      window.scrollTo({ top: navigationType === 'POP' ? (positions.get(key) ?? 0) : 0, behavior: 'instant' });
    arrived = true;
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key, navigationType]);
}

export function Layout() {
  const { pathname } = useLocation();
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-red-700 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TopBar />
      {/* At least a screen tall, so the footer never starts in view and then moves as a page fills in. */}
      <main id="main" className="min-h-screen flex-1">
        <ErrorBoundary key={pathname}>
          <Suspense
            fallback={
              <div className="pt-24">
                <Spinner />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {/* Room below the text for the floating chat button (from `sm` up), which must not cover it. */}
      <footer className="border-t border-white/5 px-4 py-8 text-center text-xs text-zinc-400 sm:pb-[88px]">
        <p>
          Movie data and images from{' '}
          <a
            href="https://www.themoviedb.org"
            target="_blank"
            rel="noopener noreferrer"
            className="underline hover:text-zinc-300"
          >
            TMDB
          </a>
          . This product uses the TMDB API but is not endorsed or certified by TMDB.
        </p>
        <p className="mt-2">
          <button
            type="button"
            onClick={() => window.dispatchEvent(new Event(OPEN_HELP_EVENT))}
            className="underline hover:text-zinc-300"
          >
            Keyboard shortcuts (?)
          </button>
        </p>
      </footer>
      <ChatWidget />
      <Shortcuts />
    </div>
  );
}
