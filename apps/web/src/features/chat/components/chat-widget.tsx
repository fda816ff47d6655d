import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { ChatIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { prefetchOn } from '../../../lib/prefetch';

// The dialog (with the panel and its markdown renderer) loads on first open, not with every page;
// pointing at or focusing the button starts the download.
const loadDialog = () => import('./chat-panel');
const ChatDialog = lazy(() => loadDialog().then((m) => ({ default: m.ChatDialog })));

/** The floating button at the bottom right, on every page. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  // The chatbot page is the chat itself: a second one floating over it would only duplicate it.
  if (useLocation().pathname === '/chatbot') return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        {...prefetchOn(loadDialog)}
        aria-label="Open movie chatbot"
        className="fixed bottom-5 right-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-red-700 shadow-xl hover:bg-red-700"
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
