import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open layers, in the order they opened. */
const layers: HTMLElement[] = [];

/** The layer that answers the keyboard: the newest one that holds no other open layer. */
const innermost = () =>
  [...layers].reverse().find((layer) => !layers.some((other) => other !== layer && layer.contains(other)));

/**
 * A modal layer's keyboard behaviour (WAI-ARIA dialog pattern): focus moves in (unless something
 * inside took it already), Tab and Shift+Tab wrap inside it, Escape closes it, and focus returns
 * to where it was when it closes.
 */
export function useDialog(ref: RefObject<HTMLElement | null>, onClose: () => void, active = true) {
  // Where focus was when the layer was first rendered: by the time effects run, an autoFocus
  // inside the layer has taken it already.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  // A layout effect, not an effect: effects and their clean-ups may run after the next paint
  // (decisions 0022 and 0088), so for a frame a closed layer would still hold the keyboard (a
  // quick second Escape going to it, not to the layer under it) and focus would stay on the page
  // instead of returning. Layout effects set up and clean up with the render.
  useLayoutEffect(() => {
    const layer = ref.current;
    if (!active || !layer) return;
    layers.push(layer);
    const focusables = () =>
      [...layer.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((n) => n.getClientRects().length > 0);
    if (!layer.contains(document.activeElement)) focusables()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (innermost() !== layer) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      const [first, last] = [items[0]!, items[items.length - 1]!];
      const inside = layer.contains(document.activeElement);
      if (e.shiftKey && (!inside || document.activeElement === first)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      layers.splice(layers.indexOf(layer), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, active, opener]);
}
