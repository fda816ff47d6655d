import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';
import { KeySequence, runPageShortcut, type ShortcutAction } from '../lib/shortcuts';
import { OPEN_CHAT_EVENT } from '../features/chat/components/chat-widget';
import { withStyles } from '../lib/styles';

const ShortcutsHelp = lazy(withStyles(() => import('./shortcuts-help')));

/** The toaster loads after the first render (see main.tsx): the shell must not pull it in. */
const say = (message: string, error = false) =>
  void import('react-hot-toast').then(({ default: toast }) =>
    error ? toast.error(message) : toast(message),
  );

const visible = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el.getClientRects().length > 0;

/** Opens the search box (desktop button, or the phone header's search) and focuses its field. */
async function focusSearch() {
  const field = [...document.querySelectorAll('form[role="search"] input')].find(visible);
  if (field) return field.focus();
  const button = document.querySelector('header button[aria-label="Search"]');
  if (visible(button)) return button.click();
  const phone = document.querySelector('header button[aria-label="Open search"]');
  if (visible(phone)) return phone.click();
  const menu = document.querySelector('header button[aria-label="Open menu"]');
  if (!visible(menu)) return;
  menu.click();
  // The phone menu loads on first use: wait for its search button.
  for (let i = 0; i < 40; i++) {
    const open = [...document.querySelectorAll('[role="dialog"] button')].find((b) =>
      b.textContent?.includes('Search movies'),
    );
    if (open instanceof HTMLElement) return open.click();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Dispatched on window by the footer's "Keyboard shortcuts" button. */
export const OPEN_HELP_EVENT = 'cinelog:shortcuts-help';

const SIGN_IN: Partial<Record<ShortcutAction, string>> = {
  liked: 'Sign in to see your liked movies',
  watchlist: 'Sign in to see your watchlist',
};

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
    if (!user) say(SIGN_IN[action]!, true);
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
      const { user: signedIn, ready: known, navigate: go } = state.current;
      switch (action) {
        case 'help':
          return setHelp(true);
        case 'search':
          return void focusSearch();
        case 'chat': {
          // The chatbot page is the chat: its field. Elsewhere the widget opens on its field
          // (a reviewer counted 208 Tabs from the top of / to the chat's button on a desktop).
          const field = document.getElementById('chat-input');
          if (visible(field)) return field.focus();
          return void window.dispatchEvent(new Event(OPEN_CHAT_EVENT));
        }
        case 'home':
          return go('/');
        case 'liked':
        case 'watchlist':
          if (!known) {
            waiting.current = action;
            return;
          }
          if (!signedIn) return say(SIGN_IN[action]!, true);
          return go(action === 'liked' ? '/liked' : '/watchlist');
        case 'like':
        case 'watched':
          if (!runPageShortcut(action))
            say(
              `Open a movie to ${action === 'like' ? 'like it' : 'mark it as watched'} with “${action === 'like' ? 'l' : 'w'}”`,
            );
          return;
      }
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
