// The embedded database in a worker thread (decision 0042): PGlite's start (its WebAssembly,
// its file-system bundle, PostgreSQL's own start) and every query run here, on the second core,
// while the main thread parses the catalog and serves requests. Plain JavaScript so that the
// same file runs under the tests (TypeScript sources) and beside the compiled bundle.
// Protocol (pglite-worker-client.ts): workerData { dataDir, settings }; the worker says
// { type: 'ready' } or { type: 'failed', error }; then { id, sql, params } → { id, rows,
// affectedRows } or { id, error }; { id, sql, exec: true } runs several statements (the last one's
// rows); { type: 'close' } → { type: 'closed' }.
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

/** An error as plain data: its message, name and own fields (PostgreSQL's code, constraint…). */
function plainError(err) {
  if (!err || typeof err !== 'object') return { message: String(err) };
  const out = { message: String(err.message ?? err), name: String(err.name ?? 'Error') };
  for (const [k, v] of Object.entries(err))
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

let pg;
try {
  pg = await PGlite.create({
    dataDir: workerData.dataDir,
    startParams: [...PGlite.defaultStartParams, ...workerData.settings],
  });
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', error: plainError(err) });
  port.close();
}

if (pg) {
  port.on('message', async (msg) => {
    if (msg.type === 'close') {
      try {
        await pg.close();
      } finally {
        port.postMessage({ type: 'closed' });
        port.close();
      }
      return;
    }
    try {
      // exec: several statements (the simple query protocol); the last one's rows.
      const result = msg.exec
        ? ((await pg.exec(msg.sql)).at(-1) ?? { rows: [] })
        : await pg.query(msg.sql, msg.params);
      port.postMessage({ id: msg.id, rows: result.rows, affectedRows: result.affectedRows });
    } catch (err) {
      port.postMessage({ id: msg.id, error: plainError(err) });
    }
  });
}
