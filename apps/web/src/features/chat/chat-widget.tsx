import { lazy, Suspense, useState } from 'react';
import { ChatIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';

// The panel (and its markdown renderer) loads on first open, not with every page.
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/** The floating button at the bottom right, on every page. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Open movie chatbot"
        className="fixed bottom-5 right-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-red-700 shadow-xl hover:bg-red-700"
      >
        <ChatIcon width={24} height={24} />
      </button>
      {open && (
        <div className="fixed inset-0 z-50">
          <div className="absolute inset-0 bg-black/60" onClick={() => setOpen(false)} aria-hidden="true" />
          <div
            role="dialog"
            aria-modal="true"
            aria-label="Movie Recommendation Chatbot"
            className="absolute bottom-0 right-0 h-[min(600px,100%)] max-h-[600px] w-full overflow-hidden bg-zinc-900 shadow-2xl ring-1 ring-white/10 sm:bottom-5 sm:right-5 sm:rounded-2xl md:w-[400px]"
          >
            <Suspense fallback={<Spinner label="Opening chat" />}>
              <ChatPanel onClose={() => setOpen(false)} />
            </Suspense>
          </div>
        </div>
      )}
    </>
  );
}
