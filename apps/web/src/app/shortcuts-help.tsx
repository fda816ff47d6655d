import { Modal } from '../components/ui/modal';
import { SHORTCUTS } from '../lib/shortcut-list';

const Key = ({ k }: { k: string }) => (
  <kbd className="min-w-7 rounded-md bg-zinc-800 px-2 py-0.5 text-center font-mono text-sm ring-1 ring-white/15">
    {k === 'Escape' ? 'Esc' : k}
  </kbd>
);

/** The `?` dialog: every shortcut, and which ones need an account. */
export default function ShortcutsHelp({ onClose, signedIn }: { onClose: () => void; signedIn: boolean }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys.join(' ')} className="border-t border-white/5 first:border-0">
              <td className="whitespace-nowrap py-2 pr-4">
                <span className="flex items-center gap-1">
                  {s.keys.map((k, i) => (
                    <span key={k} className="flex items-center gap-1">
                      {i > 0 && <span className="text-xs text-zinc-400">then</span>}
                      <Key k={k} />
                    </span>
                  ))}
                </span>
              </td>
              <td className="py-2 text-zinc-200">
                {s.description}
                {s.needsSignIn && !signedIn && (
                  <span className="block text-xs text-amber-300">Needs you to sign in</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 text-xs text-zinc-400">Shortcuts never fire while you type in a field.</p>
      <button
        type="button"
        onClick={onClose}
        className="mt-4 w-full rounded-lg px-3 py-2 text-sm font-medium ring-1 ring-white/15 hover:bg-white/10"
      >
        Close
      </button>
    </Modal>
  );
}
