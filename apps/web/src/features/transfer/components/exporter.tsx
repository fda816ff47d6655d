import { useState } from 'react';
import toast from '../../../lib/toast';
import { downloadExport } from '../api/download-export';
import { TRANSFER_TEXT } from '../messages';
import { primaryBtn, quietBtn } from './transfer-ui';

/** Export: the whole library as Letterboxd-style CSVs (zip) or JSON. */
export function Exporter() {
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);
  const download = async (format: 'json' | 'csv') => {
    setBusy(format);
    try {
      await downloadExport(format);
      toast.success(TRANSFER_TEXT.exportDownloaded);
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
