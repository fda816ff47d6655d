import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import type { SyncHttp } from './tmdb';

/** TMDB's daily id export: one JSON object a line, gzip. */
export interface ExportLine {
  id: number;
  adult?: boolean;
  video?: boolean;
  popularity?: number;
  original_title?: string;
}

/** The export could not be read (missing, truncated, not gzip): the run stops, the catalog unchanged. */
export class ExportError extends Error {}

/** `movie_ids_MM_DD_YYYY.json.gz` for a day (UTC). */
export function exportFileName(day: Date): string {
  const mm = String(day.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(day.getUTCDate()).padStart(2, '0');
  return `movie_ids_${mm}_${dd}_${day.getUTCFullYear()}.json.gz`;
}

/**
 * Streams the newest export (today's, else yesterday's: TMDB publishes it at about 8:00 UTC) and
 * calls `each` for every well-formed line, never holding the file: a gunzip and a line reader.
 * A line that is not JSON or has no id is counted and skipped. Returns the export's date and
 * counts. Throws ExportError when neither file is there or the file ends before its gzip does.
 */
export async function readExport(
  http: SyncHttp,
  exportsUrl: string,
  now: Date,
  each: (line: ExportLine) => void,
): Promise<{ date: string; lines: number; malformed: number }> {
  const days = [now, new Date(now.getTime() - 86_400_000)];
  for (const day of days) {
    const name = exportFileName(day);
    const url = new URL(name, exportsUrl.replace(/\/?$/, '/'));
    const res = await http.fetch(url, { auth: false });
    if (res.status === 404 || res.status === 403) {
      // TMDB's exports host answers 403 for a file not (yet) there.
      await res.body?.cancel();
      continue;
    }
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      throw new ExportError(`${name}: HTTP ${res.status}`);
    }
    let lines = 0;
    let malformed = 0;
    const gunzip = createGunzip();
    const body = Readable.fromWeb(res.body as ReadableStream<Uint8Array>);
    body.on('error', (err) => gunzip.destroy(err));
    body.pipe(gunzip);
    const reader = createInterface({ input: gunzip, crlfDelay: Infinity });
    // readline does not always reject its iterator on its input's error: caught here, checked after.
    let streamError: Error | undefined;
    gunzip.on('error', (err) => {
      streamError = err;
      reader.close();
    });
    try {
      for await (const text of reader) {
        if (!text) continue;
        let line: ExportLine;
        try {
          line = JSON.parse(text) as ExportLine;
        } catch {
          malformed++;
          continue;
        }
        if (!line || typeof line.id !== 'number' || !Number.isInteger(line.id)) {
          malformed++;
          continue;
        }
        lines++;
        each(line);
      }
      if (streamError) throw streamError;
    } catch (err) {
      throw new ExportError(
        `${name} could not be read whole (${(err as Error).message}): nothing was applied`,
      );
    } finally {
      reader.close();
      body.destroy();
    }
    if (lines === 0) throw new ExportError(`${name} lists no movie: nothing was applied`);
    return { date: day.toISOString().slice(0, 10), lines, malformed };
  }
  throw new ExportError(`no export file for ${days.map(exportFileName).join(' or ')} at ${exportsUrl}`);
}
