import type { ImportPreview } from '@app/contracts';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { IMPORT_MAX_MB, uploadExport } from '../api/upload-export';
import { Preview } from './import-preview';
import { Progress } from './import-progress';
import { primaryBtn } from './transfer-ui';

/** Import: pick or drop a file, see its preview, import it, follow its progress. */
export function Importer() {
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
