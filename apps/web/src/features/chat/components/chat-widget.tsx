import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ChatIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { prefetchOn } from '../../../lib/prefetch';
import { withStyles } from '../../../lib/styles';

// The dialog (with the panel and its markdown renderer) loads on first open, not with every page;
// pointing at or focusing the button starts the download.
const loadDialog = withStyles(() => import('./chat-panel'));
const ChatDialog = lazy(() => loadDialog().then((m) => ({ default: m.ChatDialog })));

/** Asks the widget to open the chat (the phone's top-bar button does). */
export const OPEN_CHAT_EVENT = 'cinelog:open-chat';

/**
 * On phones (below `sm`) the chat's button is docked in the top bar, beside the menu: floating at
 * the bottom right it sat on whatever the first screen had in that corner (a card's title and
 * buttons, a bar of /stats, the overview), before any scrolling. The dialog is the widget's.
 */
export function ChatDockButton() {
  if (useLocation().pathname === '/chatbot') return null;
  return (
    <button
      type="button"
      onClick={() => window.dispatchEvent(new Event(OPEN_CHAT_EVENT))}
      {...prefetchOn(loadDialog)}
      aria-label="Open movie chatbot"
      className="rounded-lg p-2 hover:bg-white/10 sm:hidden"
    >
      <ChatIcon />
    </button>
  );
}

/**
 * The round floating button at the bottom right (from `sm` up; phones have `ChatDockButton`), and
 * the chat dialog, on every page.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpen);
  }, []);
  // The chatbot page is the chat itself: a second one floating over it would only duplicate it.
  if (useLocation().pathname === '/chatbot') return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        {...prefetchOn(loadDialog)}
        aria-label="Open movie chatbot"
        className="fixed bottom-5 right-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-red-700 shadow-xl hover:bg-red-700 max-sm:hidden"
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
