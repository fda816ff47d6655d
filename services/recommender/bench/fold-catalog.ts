/**
 * A sync folded into a running service on the real catalog (decision 0085): the service's RSS
 * before, during and after the fold and swap, the fold child's time and peak RSS, and the lists of
 * a 2024 sequel and its predecessor after it.
 *
 *   DATA_DIR=… npx tsx bench/fold-catalog.ts [--predecessor 155] [--port 4391]
 *
 * DATA_DIR must hold the offline catalog and a model trained on it (`npm run recommender:train`);
 * its catalog is replaced by the synced one (use a copy).
 */
import {
  catalogFilePath,
  plainMovie,
  readCatalogFile,
  writeCatalogFiles,
  type CatalogMovie,
} from '@app/catalog';
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir } from '../src/catalog';
import { currentCatalogFile, readCatalogGeneration } from '../src/catalog-generation';

const { values } = parseArgs({
  options: { predecessor: { type: 'string', default: '155' }, port: { type: 'string', default: '4391' } },
});
const dir = dataDir();
const port = Number(values.port);
const predecessorId = Number(values.predecessor);
const base = `http://127.0.0.1:${port}`;
/** The service's RSS now (VmRSS) or its peak so far (VmHWM), in MB. */
const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const getJson = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
};

// The service, as `npm start` runs it, its own process (no tsx wrapper between: its pid is the service).
const tsx = createRequire(import.meta.url).resolve('tsx');
const service = spawn(process.execPath, ['--import', tsx, resolve(import.meta.dirname, '../src/main.ts')], {
  env: {
    ...process.env,
    DATA_DIR: dir,
    RECOMMENDER_PORT: String(port),
    RECOMMENDER_RETRAIN_MINUTES: '0',
    RECOMMENDER_CATALOG_POLL_SECONDS: '1',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
service.stdout!.on('data', (c: Buffer) => {
  for (const line of c.toString().split('\n').filter(Boolean)) {
    try {
      console.log(`  service: ${(JSON.parse(line) as { msg: string }).msg}`);
    } catch {
      console.log(`  service: ${line}`);
    }
  }
});
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const before = (await getJson('/model')).body as { version: string };
  // Warm: a few lists, then RSS settled.
  for (const id of [predecessorId, 603, 550]) await getJson(`/recommend?tmdb_id=${id}&top_n=20`);
  await sleep(3000);
  const rssBefore = rssMb(service.pid!);
  const hwmBefore = rssMb(service.pid!, 'VmHWM');
  console.log(`serving ${before.version}: service RSS ${rssBefore} MB`);

  // The sync: a 2024 sequel of the predecessor (its collection, genres, director and lead), 20 other
  // new films, 50 changed (a keyword more), 50 removed (obscure ones), then current.json, last.
  const file = await readCatalogFile(catalogFilePath(dir));
  // Whole copies (a loaded film reads its texts and cold fields from the text file through its prototype).
  // Run again on its own output: the films it added before are left out, the generation is the next.
  const generation = (readCatalogGeneration(dir)?.generation ?? 0) + 1;
  const movies = file.movies.filter((m) => m.id < 990_000_000).map(plainMovie) as (CatalogMovie &
    Record<string, unknown>)[];
  const pred = movies.find((m) => m.id === predecessorId);
  if (!pred?.collection) throw new Error(`film ${predecessorId} is not in a collection`);
  const people = {
    directors: [{ id: 900_001, name: 'The Director' }],
    cast: [
      { id: 900_002, name: 'The Lead', character: 'Hero', order: 0 },
      { id: 900_003, name: 'The Other', character: 'Friend', order: 1 },
    ],
  };
  Object.assign(pred, people);
  const sequel = {
    ...pred,
    id: 990_000_001,
    imdb_id: null,
    title: `${pred.title}: 2024`,
    original_title: `${pred.title}: 2024`,
    release_date: '2024-07-01',
    vote_count: 800,
    vote_average: 7.2,
    popularity: 40,
    poster_path: null,
    ...people,
  };
  const removed = movies.filter((m) => m.vote_count < 10).slice(0, 50);
  const gone = new Set(removed.map((m) => m.id));
  const changed = movies.filter((m) => m.vote_count > 500 && m.id !== predecessorId).slice(0, 50);
  for (const m of changed) m.keywords = [...m.keywords, 'remastered'];
  const others = movies
    .filter((m) => m.vote_count > 200)
    .slice(0, 20)
    .map((m, i) => ({ ...m, id: 990_000_100 + i, title: `${m.title} (2024)`, release_date: '2024-05-01' }));
  const synced = [...movies.filter((m) => !gone.has(m.id)), sequel, ...others];
  const builtAt = new Date().toISOString();
  writeCatalogFiles(catalogFilePath(dir), { ...file, built_at: builtAt, movies: synced });
  const tmp = `${currentCatalogFile(dir)}.tmp`;
  writeFileSync(
    tmp,
    JSON.stringify({ generation, built_at: builtAt, movies: synced.length, synced_at: builtAt }),
  );
  renameSync(tmp, currentCatalogFile(dir));
  console.log(
    `synced: ${synced.length} films (+21 new, 50 changed, −50 removed, the predecessor with people)`,
  );

  const started = performance.now();
  let peak = rssBefore;
  let version = before.version;
  while (version === before.version) {
    await sleep(200);
    peak = Math.max(peak, rssMb(service.pid!));
    const h = await getJson('/health');
    if (h.status !== 200) throw new Error(`/health ${h.status} during the fold`);
    version = (h.body as { model: string }).model;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    await sleep(500);
    samples.push(rssMb(service.pid!));
  }
  peak = Math.max(peak, ...samples);
  console.log(
    `swapped to ${version} ${seconds} s after current.json; service RSS before ${rssBefore} MB (its peak so far ${hwmBefore} MB), highest sampled ${peak} MB, peak (VmHWM) ${rssMb(service.pid!, 'VmHWM')} MB, 10 s after ${samples.at(-1)} MB`,
  );
  const ids = async (id: number) =>
    ((await getJson(`/recommend?tmdb_id=${id}&top_n=20`)).body as { tmdbId: number }[]).map((r) => r.tmdbId);
  const a = await ids(predecessorId);
  const b = await ids(sequel.id);
  console.log(`predecessor ${predecessorId} (${pred.title}): ${a.join(', ')}`);
  console.log(`sequel ${sequel.id}: ${b.join(', ')}`);
  console.log(
    `the sequel is in the predecessor's top 20: ${a.includes(sequel.id)}; the predecessor in the sequel's: ${b.includes(predecessorId)}`,
  );
} finally {
  service.kill('SIGTERM');
}
