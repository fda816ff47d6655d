import toast from 'react-hot-toast';

/** How long a change can be undone from its toast. */
export const UNDO_MS = 6000;

/**
 * A success toast (the spec's message where it has one) with an Undo button that puts back what
 * the change took away: a like, a watch status, a film in a playlist, the watchlist a logged
 * viewing left (decision 0082). A reviewer removed a film from a list page with one click and
 * found no way back.
 */
export function toastWithUndo(message: string, undo: () => Promise<unknown> | void) {
  toast.success(
    (t) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          className="rounded-md bg-zinc-700 px-2 py-1 text-sm font-medium hover:bg-zinc-600"
          onClick={() => {
            toast.dismiss(t.id);
            void undo();
          }}
        >
          Undo
        </button>
      </span>
    ),
    { duration: UNDO_MS },
  );
}
