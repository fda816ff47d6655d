import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';
import { KeySequence } from '../lib/shortcuts';
import { withStyles } from '../lib/styles';

const ShortcutsHelp = lazy(withStyles(() => import('./shortcuts-help')));
/** What the shortcuts do: loaded on the first one (app/shortcut-actions.ts). */
const loadActions = () => import('./shortcut-actions');

/** Dispatched on window by the footer's "Keyboard shortcuts" button. */
export const OPEN_HELP_EVENT = 'cinelog:shortcuts-help';

/**
 * The site's keyboard shortcuts (listed by `?`). Nothing fires while typing, with Ctrl, Cmd or
 * Alt held, or while a dialog is open (Escape closes it, as every layer does).
 */
export function Shortcuts() {
  const navigate = useNavigate();
  const { user, ready } = useAuth();
  const [help, setHelp] = useState(false);
  // Read through a ref: the listener is attached once, so a sequence begun just before a
  // navigation (`g`, then the page changes, then `h`) is not lost to a re-attached listener.
  const state = useRef({ user, ready, help, navigate });
  state.current = { user, ready, help, navigate };
  // `g l` / `g w` pressed before the session is known waits for it rather than being dropped.
  const waiting = useRef<'liked' | 'watchlist' | null>(null);
  useEffect(() => {
    const action = waiting.current;
    if (!ready || !action) return;
    waiting.current = null;
    if (!user) void loadActions().then((m) => m.sayToSignIn(action));
    else navigate(action === 'liked' ? '/liked' : '/watchlist');
  }, [ready, user, navigate]);
  useEffect(() => {
    const seq = new KeySequence();
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || state.current.help) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const action = seq.feed(e, performance.now());
      if (!action) return;
      e.preventDefault();
      if (action === 'help') return setHelp(true);
      void loadActions().then((m) =>
        m.runShortcut(action, {
          ...state.current,
          openHelp: () => setHelp(true),
          wait: (a) => (waiting.current = a),
        }),
      );
    };
    const openHelp = () => setHelp(true);
    document.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_HELP_EVENT, openHelp);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_HELP_EVENT, openHelp);
    };
  }, []);
  return help ? (
    <Suspense fallback={null}>
      <ShortcutsHelp onClose={() => setHelp(false)} signedIn={!!user} />
    </Suspense>
  ) : null;
}
