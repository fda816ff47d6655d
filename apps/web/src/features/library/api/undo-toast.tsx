/** The toast with Undo lives in the shared UI (the diary's logging uses it too: decision 0082). */
export { toastWithUndo, UNDO_MS } from '../../../components/ui/undo-toast';
