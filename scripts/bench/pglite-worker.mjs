// What PGlite in a worker thread would take off a warm start's main thread (decision 0037): the
// catalog's read and parse on the main thread, beside PGlite's open and the schema check either on
// the main thread ("main") or in a worker ("worker"). Prints wall time, the main thread's CPU and
// the whole process's CPU. Usage: node scripts/bench/pglite-worker.mjs main|worker PGLITE_DIR CATALOG_FILE
// (PGLITE_DIR: a copy of a migrated DATA_DIR/pglite, not one a running API holds.)
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const [mode, dir, catalogFile] = process.argv.slice(2);
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB'];
const mainCpu = () => {
  const f = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const allCpu = () => {
  const u = process.cpuUsage();
  return Math.round((u.user + u.system) / 1000);
};
const m0 = mainCpu();
const a0 = allCpu();
const t0 = performance.now();
let db;
if (mode === 'worker') {
  const w = new Worker(new URL('./pglite-worker-child.mjs', import.meta.url), {
    workerData: { dir, startParams },
  });
  db = new Promise((res) => w.once('message', () => res(w)));
} else {
  db = (async () => {
    const pg = await PGlite.create({ dataDir: dir, startParams });
    await pg.query(`select to_regclass('kysely_migration')::text as t`);
    await pg.query(`select name from kysely_migration`);
    return pg;
  })();
}
const catalog = readFile(catalogFile).then((b) => JSON.parse(b.toString('latin1')).movies.length);
const [handle, movies] = await Promise.all([db, catalog]);
console.log(
  JSON.stringify({
    mode,
    wallMs: Math.round(performance.now() - t0),
    mainCpuMs: mainCpu() - m0,
    allCpuMs: allCpu() - a0,
    movies,
    load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
  }),
);
if (mode === 'worker') {
  handle.postMessage('close');
  await new Promise((r) => handle.once('message', r));
  await handle.terminate();
} else await handle.close();
