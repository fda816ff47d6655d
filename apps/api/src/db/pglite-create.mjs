// Makes a new PGlite data directory, then exits (decision 0046): run as a child process by
// database.ts on a first start, so that the memory PGlite takes to create a cluster (initdb's
// own WebAssembly module, the new files) is returned whole to the system when this process ends,
// instead of staying in the API's process. Plain JavaScript, like pglite-worker.mjs, so that the
// same file runs under the tests (TypeScript sources) and beside the compiled bundle.
// Usage: node pglite-create.mjs DATA_DIR SETTINGS_JSON
import { PGlite } from '@electric-sql/pglite';

const [dataDir, settings] = process.argv.slice(2);
if (!dataDir || !settings) throw new Error('usage: pglite-create.mjs DATA_DIR SETTINGS_JSON');
try {
  const pg = await PGlite.create({
    dataDir,
    startParams: [...PGlite.defaultStartParams, ...JSON.parse(settings)],
  });
  await pg.close();
} catch (err) {
  // One line for the API's error (PGlite's file-system errors carry an errno, not always a message).
  const e = /** @type {{ message?: string, code?: string, errno?: number }} */ (err ?? {});
  const why = e.message || (e.code ?? (e.errno !== undefined ? `file-system error ${e.errno}` : String(err)));
  process.stderr.write(`${why}\n`);
  process.exit(1);
}
