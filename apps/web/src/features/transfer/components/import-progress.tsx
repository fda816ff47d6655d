import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useImportJob } from '../api/get-import-job';
import { useUndoImport } from '../api/undo-import';
import { WriteList } from './preview-parts';
import { quietBtn } from './transfer-ui';

/** Where an import's additions can be seen (what it writes; the account menu's list has more). */
const LIBRARY_SCREENS = [
  ['/diary', 'Diary'],
  ['/ratings', 'Ratings'],
  ['/watched', 'Watched'],
  ['/watchlist', 'Watchlist'],
  ['/liked', 'Liked'],
  ['/playlists', 'Playlists'],
] as const;

/** A running import's progress, then what it wrote, with Undo. */
export function Progress({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const { data: job, error } = useImportJob(jobId);
  const undo = useUndoImport(jobId);
  if (error)
    return (
      <p role="alert" className="text-sm text-red-400">
        Error: {(error as Error).message}
      </p>
    );
  if (!job) return <Spinner label="Starting the import…" />;
  const pct = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100);
  return (
    <div className="space-y-4" data-testid="import-progress">
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span>
            {job.state === 'running' ? 'Importing…' : job.state === 'done' ? 'Imported' : 'Import failed'}
          </span>
          <span className="tabular-nums">{pct}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          className="h-3 overflow-hidden rounded-full bg-zinc-800"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-300 ${job.state === 'failed' ? 'bg-zinc-500' : 'bg-red-600'}`}
            style={{ width: `${pct}%` }}
          />
        </div>
        <p className="mt-1 text-xs text-zinc-400">
          {/* The job counts what it writes (films, likes, marks, ratings, entries), not the file's rows. */}
          {job.done.toLocaleString()} of {job.total.toLocaleString()} records saved
          {job.state !== 'running' && ` · ${(job.elapsed_ms / 1000).toFixed(1)} s`}
        </p>
      </div>
      {job.state === 'failed' && (
        <p role="alert" className="text-sm text-red-400">
          {job.message}
        </p>
      )}
      {job.state === 'done' && job.added && !job.undone && (
        <div role="status" className="rounded-xl bg-emerald-950/30 p-4 ring-1 ring-emerald-700/40">
          <h3 className="mb-2 font-semibold">Added to your library</h3>
          <WriteList counts={job.added} />
          {Object.values(job.added).every((n) => n === 0) && (
            <p className="text-sm text-zinc-300">Your library already held everything in this file.</p>
          )}
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {LIBRARY_SCREENS.map(([to, name]) => (
              <Link key={to} className="underline hover:text-red-300" to={to}>
                {name}
              </Link>
            ))}
          </p>
        </div>
      )}
      {job.undone && (
        <p role="status" className="text-sm text-zinc-300">
          Undone: what this import added was removed; what you had before is unchanged.
        </p>
      )}
      {undo.error && (
        <p role="alert" className="text-sm text-red-400">
          {undo.error.message}
        </p>
      )}
      {job.state !== 'running' && (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={quietBtn} onClick={onDone}>
            Import another file
          </button>
          {job.state === 'done' && !job.undone && (
            <button
              type="button"
              className={quietBtn}
              disabled={undo.isPending}
              onClick={() => undo.mutate()}
            >
              {undo.isPending ? 'Undoing…' : 'Undo this import'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
