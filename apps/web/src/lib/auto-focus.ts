import { useEffect, useRef } from 'react';

/**
 * Focus on mount, for an element rendered after the page loaded (a dialog's field, a menu's close
 * button): one explicit way, not the `autofocus` attribute, which browsers ignore on elements
 * added after the page loaded (decisions 0022 and 0088 tell why it exists). Returns the ref to
 * put on the element.
 */
export function useAutoFocus<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
