import { parentPort } from 'node:worker_threads';
import type { MovieListItem } from '@app/contracts';
import { indexTitles, type FilmMatch, type MatchCatalog } from './import-match';
import {
  catalogFromRows,
  finishPreview,
  readFile,
  readSummary,
  resolvePlan,
  type CatalogRows,
  type HeldLists,
  type ReadFile,
} from './import-work';

/**
 * The import's worker thread (decision 0090): reads and matches uploads, finishes previews and
 * resolves plans (import-work.ts) off the API's event loop. Protocol (import-thread.ts):
 * `{ id, op, args }` → `{ id, result }` or `{ id, error: { message, status } }`.
 */
const port = parentPort;
if (!port) throw new Error('import-worker.ts runs as a worker thread');

let catalog: { generation: number; index: MatchCatalog } | null = null;
/** Files read, waiting for their preview to be finished (the main thread's searches, its held keys). */
const reading = new Map<number, ReadFile>();

const ops: Record<string, (args: never) => unknown> = {
  catalog: (rows: CatalogRows) => {
    catalog = { generation: rows.generation, index: catalogFromRows(rows) };
    // The title index too, now rather than on the first upload's first film.
    indexTitles(catalog.index);
    return catalog.generation;
  },
  read: (a: { token: number; generation: number; bytes: Uint8Array; fileName: string }) => {
    if (!catalog || catalog.generation !== a.generation) return { needCatalog: true };
    const file = readFile(catalog.index, a.bytes, a.fileName);
    reading.set(a.token, file);
    return readSummary(file);
  },
  finish: (a: {
    token: number;
    searched: [string, FilmMatch][];
    found: MovieListItem[];
    held: HeldLists;
    limit: number;
  }) => {
    const file = reading.get(a.token);
    if (!file) throw new Error('no file read under that token');
    reading.delete(a.token);
    return finishPreview(file, a.searched, a.found, a.held, a.limit);
  },
  drop: (a: { token: number }) => reading.delete(a.token),
  plan: (a: { payload: Uint8Array; picks: Record<string, number | null> }) => resolvePlan(a.payload, a.picks),
};

port.on('message', (msg: { id: number; op: string; args: never }) => {
  try {
    const result = ops[msg.op]!(msg.args);
    const bytes = (result as { payload?: Uint8Array; plan?: Uint8Array } | null) ?? {};
    const transfer = [bytes.payload?.buffer, bytes.plan?.buffer].filter(
      (b): b is ArrayBuffer => b instanceof ArrayBuffer,
    );
    port.postMessage({ id: msg.id, result }, transfer);
  } catch (err) {
    const e = err as { message?: unknown; statusCode?: unknown };
    port.postMessage({
      id: msg.id,
      error: {
        message: String(e?.message ?? err),
        status: typeof e?.statusCode === 'number' ? e.statusCode : 500,
      },
    });
  }
});
