import toast from '../../lib/toast';

/** How long a change can be undone from its toast. */
export const UNDO_MS = 6000;

/**
 * A success toast with an Undo button, for the diary's screens: the watchlist a logged viewing
 * left, a deleted entry (decision 0082). The library's lists have their own copy
 * (features/library/api/undo-toast.tsx): one module shared by both put the shell's cards and the
 * diary's screens in merged chunks that imported each other, which the build refuses (0060).
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
