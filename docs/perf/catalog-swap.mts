// Measures the catalog swap of a running API on the real catalog (decision 0084): starts the API
// on DATA_DIR (a copy of a built catalog: catalog.v6.json, .text, chat-vectors.bin; no
// current.json), waits until its chat is ready, writes generation 1 (the catalog and one 2024 film)
// and then current.json as the sync does, and asks /api/health and the new film's page every 50 ms
// until the page answers. Prints the time from current.json to the film served, the swap's own
// log line (work, longest event-loop delay per step, RSS), /api/health's latencies and the API's RSS.
//   DATA_DIR=/tmp/swapbench/data PORT=3917 nice -n 10 node --import tsx docs/perf/catalog-swap.mts
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { readCatalogFile, writeCatalogFiles, catalogFilePath } from '../../packages/catalog/src/index.ts';
import { catalogGenerationPath, currentCatalogPath } from '../../packages/catalog/src/sync/index.ts';

const root = join(import.meta.dirname, '../..');
const dataDir = process.env.DATA_DIR!;
const port = Number(process.env.PORT ?? 3917);
const NEW_ID = 9_000_001;
const api = spawn(
  process.execPath,
  ['--import', join(root, 'scripts/exit-with-parent.mjs'), '--import', 'tsx', 'apps/api/src/main.ts'],
  {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      RECOMMENDER_URL: 'http://127.0.0.1:9',
      // As `npm start` runs the API (scripts/start.mjs, decision 0021).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const lines: Record<string, unknown>[] = [];
let buf = '';
api.stdout.on('data', (c: Buffer) => {
  buf += c.toString();
  const parts = buf.split('\n');
  buf = parts.pop()!;
  for (const p of parts) {
    try {
      const j = JSON.parse(p);
      lines.push(j);
      if (/catalog|ready|chat/.test(j.msg)) console.log(JSON.stringify({ t: Date.now(), ...j }));
    } catch {
      // not a log line
    }
  }
});
const until = async (f: () => boolean, ms = 300_000) => {
  const t = Date.now();
  while (!f()) {
    if (Date.now() - t > ms) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 100));
  }
};
await until(() => lines.some((l) => l.msg === 'chat ready'), 600_000);
const rssOf = (field = 'VmRSS') =>
  Number(readFileSync(`/proc/${api.pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))![1]) / 1024;
await new Promise((r) => setTimeout(r, 3000));
const rssBefore = rssOf();
const peakBeforeSwapMb = Math.round(rssOf('VmHWM'));
// The new generation: the real catalog and one 2024 film.
const file = await readCatalogFile(catalogFilePath(dataDir));
const base = file.movies[0]!;
file.movies.push({
  ...JSON.parse(JSON.stringify(base)),
  id: NEW_ID,
  title: 'Zorblax Canyon',
  original_title: 'Zorblax Canyon',
  release_date: '2024-06-01',
  popularity: 900,
  vote_count: 9000,
  poster_path: `/poster-${NEW_ID}.svg`,
  backdrop_path: `/backdrop-${NEW_ID}.svg`,
  imdb_id: null,
  overview: 'x',
  tagline: '',
});
file.built_at = new Date().toISOString();
delete file.lists;
writeCatalogFiles(catalogGenerationPath(dataDir, 1), file);
writeFileSync(
  currentCatalogPath(dataDir),
  JSON.stringify({
    generation: 1,
    built_at: file.built_at,
    movies: file.movies.length,
    synced_at: new Date().toISOString(),
  }),
);
const t0 = performance.now();
console.log('current.json written');
// Probe: the new film's page, and the event loop (health latency), every 50 ms.
let maxHealth = 0;
let served = 0;
const healths: number[] = [];
const slow: [number, number][] = [];
while (!served) {
  const h0 = performance.now();
  await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.arrayBuffer());
  const h = performance.now() - h0;
  healths.push(h);
  if (h > 200) slow.push([Math.round(h0 - t0), Math.round(h)]);
  maxHealth = Math.max(maxHealth, h);
  const r = await fetch(`http://127.0.0.1:${port}/api/tmdb/movie/${NEW_ID}`);
  if (r.status === 200) served = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50));
  if (performance.now() - t0 > 300_000) throw new Error('never served');
}
const swap = lines.find((l) => l.msg === 'catalog: a new catalog is served');
const search = await (await fetch(`http://127.0.0.1:${port}/api/tmdb/search/movie?query=zorblax`)).json();
const chat = await (
  await fetch(`http://127.0.0.1:${port}/api/chat/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'something like Zorblax Canyon' }),
  })
).json();
await new Promise((r) => setTimeout(r, 5000));
const rssAfter = rssOf();
healths.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    servedAfterCurrentJsonMs: Math.round(served),
    swapWorkMs: swap?.ms,
    healthProbes: healths.length,
    healthP50Ms: Math.round(healths[Math.floor(healths.length / 2)]!),
    healthMaxMs: Math.round(maxHealth),
    rssBeforeMb: Math.round(rssBefore),
    rssAtSwap: swap?.rssMb,
    rssAfter5sMb: Math.round(rssAfter),
    // The API's peak since it started (VmHWM): its start, or the swap holding two catalogs.
    peakBeforeSwapMb,
    peakRssMb: Math.round(rssOf('VmHWM')),
    searchFirst: search.results[0]?.id,
    slowProbes: slow,
    chatMentions: /Zorblax/.test(chat.message),
    loadavg: (await import('node:os')).loadavg().map((x) => x.toFixed(1)),
  }),
);
api.kill('SIGTERM');
