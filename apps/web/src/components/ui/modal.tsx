import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../../lib/use-dialog';

/**
 * A dialog: Escape or the backdrop closes it; focus moves in, stays in, and returns on close. Rendered into
 * body, so no ancestor (a card's hover group, a transformed or blurred layer) can clip or restyle it. A long
 * unbroken word (a playlist's name in "Delete Playlist") wraps inside it instead of running off the screen.
 */
export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, onClose);
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-black/70" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        className="relative w-full max-w-md rounded-2xl bg-zinc-900 p-6 shadow-2xl ring-1 ring-white/10 [overflow-wrap:anywhere]"
      >
        <h2 className="mb-4 text-lg font-semibold">{title}</h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
