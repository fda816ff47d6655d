/**
 * How long `readCatalogFile` takes on one catalog file, as a start reads it (decision 0111): wall
 * time, CPU time, and the heap once collected. For an A/B, point `--src` at another checkout's
 * root (a `git worktree`) and alternate the runs.
 *
 *   nice -n 19 node --expose-gc --import tsx packages/catalog/bench/read-catalog.ts \
 *     DATA_DIR/catalog/catalog.v6.json [--src /tmp/base]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type * as Catalog from '../src/index';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { src: { type: 'string', default: resolve(import.meta.dirname, '../../..') } },
});
const path = positionals[0];
if (!path) throw new Error('usage: read-catalog.ts CATALOG_JSON [--src CHECKOUT]');
const { readCatalogFile } = (await import(
  resolve(values.src, 'packages/catalog/src/index.ts')
)) as typeof Catalog;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const file = await readCatalogFile(path);
const readMs = Math.round(performance.now() - t0);
const cpu = process.cpuUsage(cpu0);
(globalThis as { gc?: () => void }).gc?.();
const mb = (n: number) => Math.round(n / 2 ** 20);
console.log(
  JSON.stringify({
    src: values.src,
    movies: file.movies.length,
    readMs,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    heapMb: mb(process.memoryUsage().heapUsed),
    rssMb: mb(process.memoryUsage().rss),
    load: Number((await import('node:os')).loadavg()[0]!.toFixed(2)),
  }),
);
