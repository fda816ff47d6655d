// Search suggestions over HTTP on one DATA_DIR, two (or more) API builds alternated (decision 0049).
// Each run starts the API, waits for `search index ready`, then asks every query once (nothing
// answered from a cache): first one visitor at a time (seed 7), then as the growth bench does
// (prefixes and typos at once, 4 visitors each, seed 42). RSS when the index is ready and after.
// Usage: npx tsx scripts/bench/search-ab.ts DATA_DIR REPS main.js [main.js ...]
// (DATA_DIR holds a catalog, real or from syntheticCatalog, and a database made by a first start;
// the queries come from the real catalog's best-known titles: BENCH_TITLES_DIR, or the first of
// ./data (npm start's), .cache/bench-catalog (npm run bench's) and apps/api/data that holds one.)
import { benchTitles, CATALOG_VERSION, readCatalogFile } from '@app/catalog';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadAverage, root, rssOf, searchLatency, startApi } from './lib';

const [dataDir, repsArg, ...mains] = process.argv.slice(2);
if (!dataDir || !mains.length) throw new Error('usage: search-ab.ts DATA_DIR REPS main.js [main.js ...]');
const catalogIn = (dir: string) => join(dir, `catalog/catalog.v${CATALOG_VERSION}.json`);
const titlesDir =
  process.env.BENCH_TITLES_DIR ??
  ['data', '.cache/bench-catalog', 'apps/api/data']
    .map((d) => join(root, d))
    .find((d) => existsSync(catalogIn(d)));
if (!titlesDir) throw new Error('Build the catalog first (npm start once), or set BENCH_TITLES_DIR.');
const real = await readCatalogFile(catalogIn(titlesDir));
const titles = benchTitles(real.movies);

type Latency = { p50?: number; p95?: number; p99?: number };
const f = (result: object) => {
  const x = result as Latency;
  return `p50 ${x.p50?.toFixed(1)} p95 ${x.p95?.toFixed(1)} p99 ${x.p99?.toFixed(1)}`;
};
for (let rep = 0; rep < Number(repsArg); rep++) {
  for (const main of rep % 2 === 0 ? mains : [...mains].reverse()) {
    const api = await startApi(dataDir, {}, main);
    try {
      for (let i = 0; i < 6000 && !/search index ready/.test(api.log()); i++)
        await new Promise((r) => setTimeout(r, 100));
      const ready = rssOf(api.child.pid!).rssMb;
      const one = await searchLatency(api.base, titles, { concurrency: 1, seed: 7 });
      const [oneP, oneT] = [await one.prefixes, await one.typos];
      const load = loadAverage();
      const growth = await searchLatency(api.base, titles);
      const [gP, gT] = [await growth.prefixes, await growth.typos];
      console.log(
        `${main} (load ${load}): one visitor: prefixes ${f(oneP)}, typos ${f(oneT)}; ` +
          `growth bench's load: prefixes ${f(gP)}, typos ${f(gT)}; ` +
          `RSS ${ready} MB at index ready, ${rssOf(api.child.pid!).rssMb} MB after`,
      );
    } finally {
      await api.stop();
    }
  }
}
