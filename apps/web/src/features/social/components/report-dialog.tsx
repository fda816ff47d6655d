import { REPORT_REASONS, type ReportReason } from '../rules';
import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { useReportReview } from '../api/report-review';
import { failure, SOCIAL_TEXT } from '../messages';
import { primaryClass } from '../styles';

/** Report a review with a reason (and a note): sent, it leaves the page at once. */
export function ReportDialog({
  tmdbId,
  username,
  onClose,
}: {
  tmdbId: number;
  username: string;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useReportReview(tmdbId);
  return (
    <Modal title={SOCIAL_TEXT.reportTitle} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason) return;
          const body = { reason, ...(note.trim() ? { note: note.trim() } : {}) };
          report.mutate({ username, body }, { onSuccess: onClose });
        }}
        className="space-y-4"
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            {SOCIAL_TEXT.reportReason} (@{username})
          </legend>
          <div className="space-y-1">
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-zinc-800"
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="h-4 w-4 accent-red-600"
                />
                {SOCIAL_TEXT.reasons[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
            {SOCIAL_TEXT.reportNote}
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            maxLength={500}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
            className="w-full rounded-lg bg-zinc-800 px-3 py-2 text-sm ring-1 ring-white/10 focus:outline-none focus:ring-2 focus:ring-red-500"
          />
        </div>
        {report.isError && (
          <p role="alert" className="text-sm text-red-400">
            {failure(report.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 text-sm hover:bg-zinc-800">
            Cancel
          </button>
          <button type="submit" disabled={!reason || report.isPending} className={primaryClass}>
            {report.isPending ? 'Sending…' : SOCIAL_TEXT.reportSend}
          </button>
        </div>
      </form>
    </Modal>
  );
}
