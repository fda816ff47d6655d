import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import toast from '../lib/toast';
import { Link } from 'react-router';
import { Artwork } from '../components/ui/artwork';
import { Spinner } from '../components/ui/spinner';
import {
  downloadExport,
  IMPORT_MAX_MB,
  startImport,
  uploadExport,
  useImportJob,
  useUndoImport,
  type ImportPreview,
} from '../features/transfer/api/import-export';
import { useAuth } from '../lib/auth';
import { PageShell } from '../components/layouts/page-shell';
import { SignInFirst } from '../components/layouts/sign-in-first';

const btn = 'rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-50';
const primaryBtn = `${btn} bg-red-700 hover:bg-red-600`;
const quietBtn = `${btn} ring-1 ring-white/15 hover:bg-white/10`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-zinc-900 p-5 ring-1 ring-white/10 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What an import writes, as a sentence-like list (zero lines left out). */
function WriteList({ counts }: { counts: ImportPreview['will_write'] }) {
  const items = [
    [counts.watched, 'film marked watched', 'films marked watched'],
    [counts.diary, 'diary entry', 'diary entries'],
    [counts.ratings, 'rating'],
    [counts.watchlist, 'film on the watchlist', 'films on the watchlist'],
    [counts.likes, 'like'],
    [counts.playlists, 'playlist from a list', 'playlists from lists'],
    [counts.playlist_entries, 'playlist entry', 'playlist entries'],
  ] as const;
  const shown = items.filter(([n]) => n > 0);
  if (shown.length === 0) return <p className="text-sm text-zinc-400">Nothing to write yet.</p>;
  return (
    <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {shown.map(([n, one, many]) => (
        <li key={one}>{plural(n, one, many)}</li>
      ))}
    </ul>
  );
}

function Actions({ a }: { a: ImportPreview['matched'][number]['actions'] }) {
  const parts = [
    a.watched && 'watched',
    a.diary > 0 && plural(a.diary, 'viewing'),
    a.rating !== null && `★ ${a.rating}`,
    a.watchlist && 'watchlist',
    a.like && 'liked',
    ...a.lists.map((l) => `list “${l}”`),
  ].filter(Boolean);
  return <span className="text-xs text-zinc-400">{parts.join(' · ')}</span>;
}

const CONFIDENCE: Record<string, string> = {
  id: 'by id',
  title_year: 'title + year',
  title_near_year: 'year ±1: check',
  title: 'title only: check',
};

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`rounded-xl p-3 ring-1 ${tone}`}>
      <div className="text-2xl font-bold tabular-nums">{value.toLocaleString()}</div>
      <div className="text-xs text-zinc-300">{label}</div>
    </div>
  );
}

function Preview({
  preview,
  onCancel,
  onStarted,
}: {
  preview: ImportPreview;
  onCancel: () => void;
  onStarted: (jobId: string) => void;
}) {
  const [picks, setPicks] = useState<Record<string, number | null>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const picked = preview.ambiguous.filter((f) => picks[f.key] != null).length;
  const commit = async () => {
    setBusy(true);
    setError('');
    try {
      const job = await startImport(preview.preview_id, picks);
      onStarted(job.job_id);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  const { counts } = preview;
  const newFilms = counts.matched - counts.already_in_library;
  // Counted against the library: a file imported before has nothing left to write.
  const nothingNew = Object.values(preview.will_write).every((n) => n === 0) && counts.ambiguous === 0;
  const held = Object.values(preview.already_held).some((n) => n > 0);
  return (
    <div className="space-y-6" data-testid="import-preview">
      <p className="text-sm text-zinc-300">
        {preview.source === 'letterboxd' ? 'Letterboxd' : preview.source === 'imdb' ? 'IMDb' : 'Trakt'} export
        · {plural(preview.rows, 'row')} in {plural(preview.files.length, 'file')} ·{' '}
        {plural(preview.films, 'film')}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Matched" value={counts.matched} tone="bg-emerald-950/40 ring-emerald-700/40" />
        <Stat label="Pick one" value={counts.ambiguous} tone="bg-amber-950/40 ring-amber-700/40" />
        <Stat label="Not found" value={counts.unmatched} tone="bg-zinc-800 ring-white/10" />
        <Stat label="Skipped rows" value={counts.skipped_rows} tone="bg-zinc-800 ring-white/10" />
      </div>
      {counts.matched > 0 && (
        <p role="status" className="text-sm font-medium">
          {nothingNew
            ? 'Nothing new to import: your library already holds everything in this file.'
            : `${plural(newFilms, 'film')} with something new to import${
                counts.already_in_library > 0
                  ? ` · ${plural(counts.already_in_library, 'film')} already in your library`
                  : ''
              }`}
        </p>
      )}

      {preview.ambiguous.length > 0 && (
        <div>
          <h3 className="font-semibold">
            Which film did you mean?{' '}
            <span className="text-sm font-normal text-zinc-400">
              ({picked} of {counts.ambiguous} picked; unpicked ones are left out)
            </span>
          </h3>
          <ul className="mt-3 space-y-4">
            {preview.ambiguous.map((f) => (
              <li key={f.key} className="rounded-xl bg-zinc-950/60 p-3 ring-1 ring-white/5">
                {/* min-w-0: a fieldset is as wide as its content by default, so the row would not scroll
                    and the page would (five candidates on a phone). */}
                <fieldset className="min-w-0">
                  <legend className="text-sm">
                    <span className="font-medium">{f.title}</span>
                    {f.year ? ` (${f.year})` : ''} <Actions a={f.actions} />
                  </legend>
                  <div className="mt-2 flex gap-3 overflow-x-auto pb-1">
                    {f.candidates.map((c) => {
                      const checked = picks[f.key] === c.tmdb_id;
                      return (
                        <label
                          key={c.tmdb_id}
                          className={`flex w-32 shrink-0 cursor-pointer flex-col gap-1 rounded-lg p-2 ring-2 focus-within:outline focus-within:outline-2 focus-within:outline-white ${checked ? 'bg-red-950/40 ring-red-500' : 'ring-white/10 hover:ring-white/30'}`}
                        >
                          <input
                            type="radio"
                            className="sr-only"
                            name={`pick-${f.key}`}
                            checked={checked}
                            onChange={() => setPicks((p) => ({ ...p, [f.key]: c.tmdb_id }))}
                            // Two films of one title and year differ by what they are about: the name says it too.
                            aria-label={`${c.title} (${c.year || 'no date'})${c.overview ? `: ${c.overview}` : ''}`}
                          />
                          <span className="relative block aspect-[2/3] overflow-hidden rounded bg-black">
                            <Artwork
                              path={c.poster_path}
                              kind="poster"
                              id={c.tmdb_id}
                              size="w185"
                              className="absolute inset-0 h-full w-full object-cover"
                            />
                          </span>
                          <span className="line-clamp-2 text-xs font-medium">{c.title}</span>
                          <span className="text-xs text-zinc-400">{c.year || 'no date'}</span>
                          {c.overview && (
                            <span className="line-clamp-3 text-[11px] leading-snug text-zinc-400">
                              {c.overview}
                            </span>
                          )}
                        </label>
                      );
                    })}
                    <label
                      className={`flex w-24 shrink-0 cursor-pointer items-center justify-center rounded-lg p-2 text-center text-xs ring-2 focus-within:outline focus-within:outline-2 focus-within:outline-white ${picks[f.key] === null ? 'bg-zinc-800 ring-zinc-400' : 'ring-white/10 hover:ring-white/30'}`}
                    >
                      <input
                        type="radio"
                        className="sr-only"
                        name={`pick-${f.key}`}
                        checked={picks[f.key] === null}
                        onChange={() => setPicks((p) => ({ ...p, [f.key]: null }))}
                      />
                      None of these
                    </label>
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="rounded-xl bg-zinc-950/60 p-4 ring-1 ring-white/5">
        <div data-testid="import-will-write">
          <h3 className="mb-2 font-semibold">What will be written</h3>
          <WriteList counts={preview.will_write} />
        </div>
        {counts.ambiguous > 0 && (
          <p className="mt-2 text-xs text-zinc-400">Plus what the films you pick above hold.</p>
        )}
        {held && (
          <div data-testid="import-already-held" className="mt-3 text-zinc-400">
            <h4 className="mb-1 text-sm font-semibold">Already in your library (left as it is)</h4>
            <WriteList counts={preview.already_held} />
          </div>
        )}
        <p className="mt-2 text-xs text-zinc-400">
          What your library already holds stays as it is (an existing rating is kept), so importing the same
          file twice adds nothing.
        </p>
      </div>

      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryBtn}
          disabled={busy || nothingNew}
          onClick={() => void commit()}
        >
          {busy ? 'Starting…' : 'Import'}
        </button>
        <button type="button" className={quietBtn} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>

      {preview.unmatched.length > 0 && (
        <details className="rounded-xl bg-zinc-950/60 p-3 ring-1 ring-white/5">
          <summary className="cursor-pointer text-sm font-semibold">
            Not found in the catalog ({counts.unmatched.toLocaleString()})
          </summary>
          <ul className="mt-2 space-y-1 text-sm">
            {preview.unmatched.map((f) => (
              <li key={f.key}>
                {f.title}
                {f.year ? ` (${f.year})` : ''} <span className="text-xs text-zinc-400">— {f.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {preview.matched.length > 0 && (
        <details className="rounded-xl bg-zinc-950/60 p-3 ring-1 ring-white/5">
          <summary className="cursor-pointer text-sm font-semibold">
            Matched ({counts.matched.toLocaleString()}
            {counts.low_confidence > 0 ? `, ${counts.low_confidence} to check` : ''})
          </summary>
          <ul className="mt-2 space-y-1 text-sm">
            {preview.matched.map((f) => (
              <li key={f.key}>
                {f.title}
                {f.year ? ` (${f.year})` : ''} →{' '}
                <Link to={`/movie/${f.match.tmdb_id}`} className="underline hover:text-red-300">
                  {f.match.title} ({f.match.year || 'no date'})
                </Link>{' '}
                <span className="text-xs text-zinc-400">{CONFIDENCE[f.confidence]}</span>{' '}
                <Actions a={f.actions} />
                {f.in_library && (
                  <>
                    {' '}
                    <span className="text-xs text-emerald-300">already in your library</span>
                  </>
                )}
              </li>
            ))}
            {counts.matched > preview.matched.length && (
              <li className="text-xs text-zinc-400">…and {counts.matched - preview.matched.length} more</li>
            )}
          </ul>
        </details>
      )}
      {preview.skipped.length > 0 && (
        <details className="rounded-xl bg-zinc-950/60 p-3 ring-1 ring-white/5">
          <summary className="cursor-pointer text-sm font-semibold">
            Skipped rows ({counts.skipped_rows.toLocaleString()})
          </summary>
          <ul className="mt-2 space-y-1 text-sm">
            {preview.skipped.map((r) => (
              <li key={`${r.file}:${r.line}`}>
                {r.file} line {r.line}
                {r.title ? `: ${r.title}` : ''} <span className="text-xs text-zinc-400">— {r.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function Progress({ jobId, onDone }: { jobId: string; onDone: () => void }) {
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

function Importer() {
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<
    | { at: 'pick' }
    | { at: 'reading'; name: string }
    | { at: 'preview'; preview: ImportPreview }
    | { at: 'job'; jobId: string }
  >({ at: 'pick' });
  const [error, setError] = useState('');
  const [over, setOver] = useState(false);
  // A new stage (the preview, the progress) starts at the top of the page, not where the button was.
  useEffect(() => {
    if (stage.at === 'preview' || stage.at === 'job') window.scrollTo({ top: 0 });
  }, [stage.at]);
  const read = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    setStage({ at: 'reading', name: file.name });
    try {
      setStage({ at: 'preview', preview: await uploadExport(file) });
    } catch (err) {
      setError((err as Error).message);
      setStage({ at: 'pick' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  if (stage.at === 'preview')
    return (
      <Preview
        preview={stage.preview}
        onCancel={() => setStage({ at: 'pick' })}
        onStarted={(jobId) => setStage({ at: 'job', jobId })}
      />
    );
  if (stage.at === 'job') return <Progress jobId={stage.jobId} onDone={() => setStage({ at: 'pick' })} />;
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void read(e.dataTransfer.files[0]);
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-300">
        Bring your history: a <strong>Letterboxd</strong> export (the zip as downloaded, or one of its CSVs),
        an <strong>IMDb</strong> ratings or watchlist CSV, or a <strong>Trakt</strong> JSON export. You will
        see what matched before anything is written.
      </p>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${over ? 'border-red-500 bg-red-950/20' : 'border-white/15'}`}
      >
        {stage.at === 'reading' ? (
          <Spinner label={`Reading ${stage.name}…`} />
        ) : (
          <>
            <p className="text-sm text-zinc-400">Drop the file here, or</p>
            <label className={`${primaryBtn} cursor-pointer focus-within:ring-2 focus-within:ring-white`}>
              Choose a file
              <input
                ref={input}
                type="file"
                accept=".zip,.csv,.json,application/zip,text/csv,application/json"
                className="sr-only"
                onChange={(e) => void read(e.target.files?.[0])}
              />
            </label>
            <p className="text-xs text-zinc-400">zip, CSV or JSON · up to {IMPORT_MAX_MB} MB</p>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function Exporter() {
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);
  const download = async (format: 'json' | 'csv') => {
    setBusy(format);
    try {
      await downloadExport(format);
      toast.success('Export downloaded');
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-300">
        Everything you own here: likes, watched, watchlist, ratings and reviews, diary and playlists. The CSV
        zip uses Letterboxd’s columns (with a tmdbID column added), so Letterboxd and Cinelog can both read
        it.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryBtn}
          disabled={busy !== null}
          onClick={() => void download('csv')}
        >
          {busy === 'csv' ? 'Preparing…' : 'Download CSV (zip)'}
        </button>
        <button
          type="button"
          className={quietBtn}
          disabled={busy !== null}
          onClick={() => void download('json')}
        >
          {busy === 'json' ? 'Preparing…' : 'Download JSON'}
        </button>
      </div>
    </div>
  );
}

/** Where an import's additions can be seen (what it writes; the account menu's list has more). */
const LIBRARY_SCREENS = [
  ['/diary', 'Diary'],
  ['/ratings', 'Ratings'],
  ['/watched', 'Watched'],
  ['/watchlist', 'Watchlist'],
  ['/liked', 'Liked'],
  ['/playlists', 'Playlists'],
] as const;

/** /account/import: import from Letterboxd, IMDb or Trakt with a preview, and export everything. */
export default function ImportExportPage() {
  const { user, ready } = useAuth();
  const title = 'Import and export';
  if (!ready)
    return (
      <PageShell title={title}>
        <Spinner />
      </PageShell>
    );
  if (!user) return <SignInFirst title={title}>to import or export your library.</SignInFirst>;
  return (
    <PageShell
      title={title}
      subtitle={
        <Link to="/account" className="hover:text-zinc-200">
          ← Account
        </Link>
      }
    >
      <div className="max-w-3xl space-y-6">
        <Section id="import-heading" title="Import">
          <Importer />
        </Section>
        <Section id="export-heading" title="Export">
          <Exporter />
        </Section>
      </div>
    </PageShell>
  );
}
