/** Keyboard shortcuts (issue 16): the pure part, key sequences to actions, unit tested. */

export type ShortcutAction = 'search' | 'home' | 'liked' | 'watchlist' | 'like' | 'watched' | 'help' | 'chat';

/** How long the second key of a sequence (g h) may wait. */
export const SEQUENCE_TIMEOUT_MS = 1500;

const SINGLE: Record<string, ShortcutAction> = {
  '?': 'help',
  '/': 'search',
  l: 'like',
  w: 'watched',
  c: 'chat',
};
const AFTER_G: Record<string, ShortcutAction> = { h: 'home', l: 'liked', w: 'watchlist' };

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
  isComposing?: boolean;
}

/** True when the key goes to something being typed in: an input, a text area, a select, contenteditable. */
export function isTyping(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return !!el.closest(
    'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]',
  );
}

/**
 * Turns key presses into shortcut actions: one key (`/`, `?`, `l`, `w`, `c`) or `g` then a key within
 * 1.5 s. Keys with Ctrl, Cmd or Alt, keys typed into a field, and keys of an IME composition are
 * never shortcuts (and break a pending `g`).
 */
export class KeySequence {
  private pendingSince: number | null = null;

  constructor(private readonly timeoutMs = SEQUENCE_TIMEOUT_MS) {}

  feed(e: KeyLike, now: number): ShortcutAction | null {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || isTyping(e.target)) {
      this.pendingSince = null;
      return null;
    }
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    // Shift alone changes nothing: it is how `?` is typed.
    if (key === 'Shift') return null;
    const pending = this.pendingSince !== null && now - this.pendingSince <= this.timeoutMs;
    this.pendingSince = null;
    if (pending) {
      const action = AFTER_G[key];
      if (action) return action;
    }
    if (key === 'g') {
      this.pendingSince = now;
      return null;
    }
    // `?` arrives as the key itself; an upper-case L or W (Shift held) is not a shortcut.
    return e.key === key || e.key === '?' ? (SINGLE[key] ?? null) : null;
  }
}

/** A movie page's handlers for `l` and `w` (none elsewhere). */
type Handler = () => void;
const pageHandlers = new Map<'like' | 'watched', Handler>();

export function setPageShortcut(action: 'like' | 'watched', handler: Handler | null): void {
  if (handler) pageHandlers.set(action, handler);
  else pageHandlers.delete(action);
}

/** Runs the page's handler for `l` or `w`; false when this page has none. */
export function runPageShortcut(action: 'like' | 'watched'): boolean {
  const handler = pageHandlers.get(action);
  handler?.();
  return !!handler;
}
