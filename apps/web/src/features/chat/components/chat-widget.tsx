import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ChatIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { prefetchOn } from '../../../lib/prefetch';

// The dialog (with the panel and its markdown renderer) loads on first open, not with every page;
// pointing at or focusing the button starts the download.
const loadDialog = () => import('./chat-panel');
const ChatDialog = lazy(() => loadDialog().then((m) => ({ default: m.ChatDialog })));

/** How far the page must move before the button reacts, so a trembling finger does not flicker it. */
const SCROLL_STEP = 8;

/**
 * On a phone the floating button would sit on whatever the page scrolls under it (a bar of /stats,
 * a card's title): it steps aside while the visitor scrolls down, and comes back when they scroll
 * up, reach the end of the page (where the footer leaves room for it) or are back at the top.
 */
export function useStepsAside(): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 96;
      if (y <= 0 || atEnd || y < last - SCROLL_STEP) setAside(false);
      else if (y > last + SCROLL_STEP) setAside(true);
      else return;
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return aside;
}

/** The floating button at the bottom right, on every page. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const aside = useStepsAside();
  // The chatbot page is the chat itself: a second one floating over it would only duplicate it.
  if (useLocation().pathname === '/chatbot') return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        {...prefetchOn(loadDialog)}
        aria-label="Open movie chatbot"
        data-aside={aside || undefined}
        // Below `sm` only: on wider screens the page's margins leave the corner free. Focus brings
        // it back, so a keyboard user never tabs to an invisible button.
        className={`fixed bottom-5 right-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-red-700 shadow-xl transition duration-200 hover:bg-red-700 ${aside ? 'max-sm:pointer-events-none max-sm:translate-y-24 max-sm:opacity-0 max-sm:focus-visible:pointer-events-auto max-sm:focus-visible:translate-y-0 max-sm:focus-visible:opacity-100' : ''}`}
      >
        <ChatIcon width={24} height={24} />
      </button>
      {open && (
        <Suspense fallback={<Spinner label="Opening chat" className="fixed bottom-20 right-5 z-50" />}>
          <ChatDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
