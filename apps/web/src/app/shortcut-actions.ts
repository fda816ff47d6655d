import type { AuthUser } from '@app/auth-client/session';
import type { NavigateFunction } from 'react-router';
import { runPageShortcut, type ShortcutAction } from '../lib/shortcuts';
import { OPEN_CHAT_EVENT } from '../features/chat/components/chat-widget';
import toast from '../lib/toast';

// What the keyboard shortcuts do (app/shortcuts.tsx listens for them): loaded on the first one,
// not with every page (decision 0088).

const say = (message: string, error = false) => (error ? toast.error(message) : toast(message));

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

export const SIGN_IN: Partial<Record<ShortcutAction, string>> = {
  liked: 'Sign in to see your liked movies',
  watchlist: 'Sign in to see your watchlist',
};

/** Tells a signed-out reader that `g l` / `g w` need an account. */
export const sayToSignIn = (action: 'liked' | 'watchlist') => say(SIGN_IN[action]!, true);

export interface ShortcutContext {
  user: AuthUser | null;
  ready: boolean;
  navigate: NavigateFunction;
  openHelp: () => void;
  /** `g l` / `g w` before the session is known: waits for it. */
  wait: (action: 'liked' | 'watchlist') => void;
}

/** Does what `action` says, for the reader `ctx` describes. */
export function runShortcut(action: ShortcutAction, ctx: ShortcutContext): void {
  const { user: signedIn, ready: known, navigate: go, openHelp, wait } = ctx;
  switch (action) {
    case 'help':
      return openHelp();
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
      return void go('/');
    case 'liked':
    case 'watchlist':
      if (!known) return wait(action);
      if (!signedIn) return say(SIGN_IN[action]!, true);
      return void go(action === 'liked' ? '/liked' : '/watchlist');
    case 'like':
    case 'watched':
      if (!runPageShortcut(action))
        say(
          `Open a movie to ${action === 'like' ? 'like it' : 'mark it as watched'} with “${action === 'like' ? 'l' : 'w'}”`,
        );
      return;
  }
}
