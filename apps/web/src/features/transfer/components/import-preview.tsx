import type { ImportPreview } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Artwork } from '../../../components/ui/artwork';
import { startImport } from '../api/start-import';
import { Actions, CONFIDENCE, Stat, WriteList } from './preview-parts';
import { plural, primaryBtn, quietBtn } from './transfer-ui';

/** What a file would import, the ambiguous rows to pick, and Import / Cancel. */
export function Preview({
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
