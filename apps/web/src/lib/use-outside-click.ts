import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Calls `onOutside` on a pointer press outside `ref`, and `onEscape` (or `onOutside`) on Escape, while `active`. */
export function useOutsideClick(
  ref: RefObject<HTMLElement | null>,
  onOutside: () => void,
  active: boolean,
  onEscape: () => void = onOutside,
) {
  useEffect(() => {
    if (!active) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onOutside();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onEscape();
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, onOutside, active, onEscape]);
}

/** A dropdown's state: open/closed, closing on an outside click or Escape. */
export function useDropdown<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const ref = useRef<T>(null);
  const close = useCallback(() => setOpen(false), []);
  // Escape from inside the panel gives the focus back to the button that opened it (the first
  // control of the dropdown), instead of leaving it on the page's body.
  const escape = useCallback(() => {
    const inside = !!ref.current?.contains(document.activeElement);
    setOpen(false);
    if (inside) ref.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, []);
  useOutsideClick(ref, close, open, escape);
  return { open, setOpen, toggle: () => setOpen((o) => !o), close, ref };
}

/**
 * ↓ and ↑ through `items` from the keyboard (a menu's entries, a search's suggestions): ↓ to the
 * next (from `before`, the control above them, to the first), ↑ to the previous, and from the
 * first back to `before` if there is one. Returns whether it moved the focus.
 */
export function moveFocus(
  items: HTMLElement[],
  e: { key: string; preventDefault(): void },
  before?: HTMLElement | null,
): boolean {
  if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || items.length === 0) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (at < 0 && e.key === 'ArrowUp') return false;
  e.preventDefault();
  if (e.key === 'ArrowDown') items[Math.min(at + 1, items.length - 1)]!.focus();
  else if (at > 0) items[at - 1]!.focus();
  else (before ?? items[0]!).focus();
  return true;
}

/**
 * ↓ and ↑ between a dropdown's links and buttons (`container`'s, its first control, the button
 * that opens it, left out): for a dropdown's `onKeyDown`.
 */
export function moveMenuFocus(
  container: HTMLElement | null,
  e: { key: string; preventDefault(): void },
): boolean {
  if (!container) return false;
  const items = [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].slice(1);
  return moveFocus(items, e);
}
