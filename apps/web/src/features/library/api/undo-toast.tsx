import toast from '../../../lib/toast';

/** How long a removal can be undone from its toast. */
export const UNDO_MS = 6000;

/**
 * A success toast (the spec's message) with one button that does what the message invites: Undo
 * for a removal, "Also remove from watchlist" after marking a watchlisted film watched.
 */
export function toastWithAction(message: string, label: string, action: () => Promise<unknown> | void) {
  toast.success(
    (t) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          className="rounded-md bg-zinc-700 px-2 py-1 text-sm font-medium hover:bg-zinc-600"
          onClick={() => {
            toast.dismiss(t.id);
            void action();
          }}
        >
          {label}
        </button>
      </span>
    ),
    { duration: UNDO_MS },
  );
}

/**
 * A removal's success toast (the spec's message) with an Undo button that puts back what was
 * removed: a like, a watch status, a film in a playlist. A reviewer removed a film from a list
 * page with one click and found no way back.
 */
export const toastWithUndo = (message: string, undo: () => Promise<unknown> | void) =>
  toastWithAction(message, 'Undo', undo);
