import type { ShortcutAction } from './shortcuts';

/** The help dialog's list (its own module: the shell carries only the key handling). */
export interface Shortcut {
  keys: string[];
  action: ShortcutAction | 'close';
  description: string;
  /** Only for a signed-in user (a visitor is told so). */
  needsSignIn?: boolean;
}

/** Every shortcut, in the order the help dialog lists them. */
export const SHORTCUTS: Shortcut[] = [
  { keys: ['?'], action: 'help', description: 'Show keyboard shortcuts' },
  { keys: ['/'], action: 'search', description: 'Search movies' },
  { keys: ['c'], action: 'chat', description: 'Ask the movie chatbot' },
  { keys: ['g', 'h'], action: 'home', description: 'Go home' },
  { keys: ['g', 'l'], action: 'liked', description: 'Go to your liked movies', needsSignIn: true },
  { keys: ['g', 'w'], action: 'watchlist', description: 'Go to your watchlist', needsSignIn: true },
  { keys: ['l'], action: 'like', description: 'Like or unlike the movie (movie page)', needsSignIn: true },
  {
    keys: ['w'],
    action: 'watched',
    description: 'Mark or unmark the movie as watched (movie page)',
    needsSignIn: true,
  },
  { keys: ['Escape'], action: 'close', description: 'Close a menu, dialog or search' },
];
