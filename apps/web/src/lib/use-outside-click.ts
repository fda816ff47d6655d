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
 * ↓ and ↑ between a menu's links and buttons (`container`'s, its first control, the button that
 * opens it, left out): for a dropdown's `onKeyDown`. Returns whether it moved the focus.
 */
export function moveMenuFocus(
  container: HTMLElement | null,
  e: { key: string; preventDefault(): void },
): boolean {
  if (!container || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return false;
  const items = [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].slice(1);
  if (items.length === 0) return false;
  e.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = e.key === 'ArrowDown' ? Math.min(at + 1, items.length - 1) : at <= 0 ? 0 : at - 1;
  items[next]!.focus();
  return true;
}
