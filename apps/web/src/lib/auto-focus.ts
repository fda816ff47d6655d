import { useEffect, useRef } from 'react';

/**
 * Focus on mount, for an element rendered after the page loaded (a dialog's field, a menu's close
 * button). React's `autoFocus` does this in JavaScript; Preact, which the production build ran
 * until decision 0083, only wrote the `autofocus` attribute, which browsers ignore on elements
 * added after the page loaded. Kept: one explicit way, whatever renders the element. Returns the ref to put on the element.
 */
export function useAutoFocus<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
