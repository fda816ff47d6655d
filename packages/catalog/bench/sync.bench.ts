// A full catalog sync against a local TMDB-shaped server (decision 0083):
//   nice -n 10 npx tsx packages/catalog/bench/sync.bench.ts [newFilms=20000] [baseFilms=1000] [obscureIds=200000] [baseCatalog.json]
// With a catalog file (e.g. the real one, `.cache/test-catalog/catalog/catalog.v6.json`) as the
// base instead of `baseFilms` generated films: a first sync fetches every one of its films.
// The server (this process) serves an export of the new films, the base catalog's films and
// `obscureIds` ids below the popularity a sync fetches, and generated details for each; the sync
// runs in a child process (its own peak RSS), without TMDB's rate limit (a local server: the
// figure is the engine's cost; at TMDB's 40 requests/s the calls alone take calls/40 s).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CATALOG_VERSION } from '../src/build';
import { catalogFilePath, readCatalogFile } from '../src/load';
import { runCatalogSync } from '../src/sync/run';
import { catalogTextPath, writeCatalogFiles } from '../src/texts';
import type { CatalogMovie } from '../src/types';

const TOKEN = 'bench-token';
const BASE_FIRST_ID = 1;
const NEW_FIRST_ID = 5_000_000;
const OBSCURE_FIRST_ID = 8_000_000;

function details(id: number) {
  const year = id >= NEW_FIRST_ID ? 2018 + (id % 7) : 1950 + (id % 60);
  return {
    adult: false,
    backdrop_path: `/b${id}.jpg`,
    belongs_to_collection:
      id % 5 === 0 ? { id: 900_000 + (id % 997), name: `Saga ${id % 997}`, backdrop_path: null } : null,
    budget: id * 10,
    genres: [{ id: [28, 35, 18, 878, 27, 53][id % 6]!, name: 'g' }],
    id,
    imdb_id: `tt${id}`,
    original_language: 'en',
    original_title: `Film number ${id}`,
    overview:
      `A generated overview of film ${id}, about as long as a real one: someone wants something, something stands in the way, and by the end of the second act everything has changed. `.repeat(
        2,
      ),
    popularity: 5 + (id % 100),
    poster_path: `/p${id}.jpg`,
    production_companies: [
      { id: id % 300, name: `Studio ${id % 300}`, logo_path: null, origin_country: 'US' },
    ],
    production_countries: [{ iso_3166_1: 'US', name: 'United States of America' }],
    release_date: `${year}-0${1 + (id % 9)}-1${id % 10}`,
    revenue: id * 20,
    runtime: 80 + (id % 60),
    status: 'Released',
    tagline: `Tagline ${id}`,
    title: `Film number ${id}`,
    video: false,
    vote_average: 5 + (id % 50) / 10,
    vote_count: 20 + (id % 5000),
    keywords: {
      keywords: Array.from({ length: 6 }, (_, k) => ({ id: k, name: `keyword ${(id + k) % 2000}` })),
    },
    credits: {
      cast: Array.from({ length: 30 }, (_, k) => ({
        id: 10_000 + ((id * 7 + k) % 50_000),
        name: `Actor ${(id * 7 + k) % 50_000}`,
        character: `Role ${k}`,
        order: k,
        credit_id: `c${k}`,
        gender: k % 2,
        profile_path: null,
      })),
      crew: [
        { id: 70_000 + (id % 5000), name: `Director ${id % 5000}`, job: 'Director', department: 'Directing' },
        { id: 80_000 + (id % 8000), name: `Writer ${id % 8000}`, job: 'Screenplay', department: 'Writing' },
        ...Array.from({ length: 20 }, (_, k) => ({
          id: 90_000 + k,
          name: `Crew ${k}`,
          job: 'Grip',
          department: 'Crew',
        })),
      ],
    },
    release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: 'PG-13', type: 3 }] }] },
  };
}

if (process.argv[2] === '--child') {
  // The sync, measured in its own process.
  const [, , , dataDir, baseUrl, exportsUrl] = process.argv;
  const t0 = performance.now();
  // SYNC_BENCH_TRACE=1: the sync's log and its memory each second while it waits, to stderr (the
  // merge and the write run in one task: they show in the next line after them).
  const trace = process.env.SYNC_BENCH_TRACE === '1';
  const mem = () => {
    const u = process.memoryUsage();
    const mb = (n: number) => Math.round(n / 1048576);
    return `rss ${mb(u.rss)} heap ${mb(u.heapUsed)} external ${mb(u.external)} (buffers ${mb(u.arrayBuffers)}) MB`;
  };
  const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const sampler = trace ? setInterval(() => process.stderr.write(`${at()} ${mem()}\n`), 1000) : undefined;
  const summary = await runCatalogSync({
    ...(trace ? { log: (l: string) => process.stderr.write(`${at()} ${l} | ${mem()}\n`) } : {}),
    dataDir: dataDir!,
    env: {
      TMDB_ACCESS_TOKEN: TOKEN,
      TMDB_BASE_URL: baseUrl,
      TMDB_EXPORTS_URL: exportsUrl,
      // Every candidate by default (the engine's whole cost); SYNC_BENCH_MAX_DETAILS=5000 is a
      // daily run's cap (DEFAULT_MAX_DETAILS): over a large base catalog, the merge and write dominate.
      CATALOG_SYNC_MAX_DETAILS: process.env.SYNC_BENCH_MAX_DETAILS ?? '10000000',
      DATASET_TARBALL: '/nonexistent',
    },
    http: { requestsPerSecond: 100_000, concurrency: 32 },
  });
  const ms = performance.now() - t0;
  clearInterval(sampler);
  process.stdout.write(
    JSON.stringify({
      summary,
      ms: Math.round(ms),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
  process.exit(0);
}

const newFilms = Number(process.argv[2] ?? 20_000);
const baseCatalog = process.argv[5];
const obscure = Number(process.argv[4] ?? 200_000);

const dataDir = mkdtempSync(join(tmpdir(), 'sync-bench-'));
const base: CatalogMovie[] = [];
let baseIds: number[] = [];
if (baseCatalog) {
  mkdirSync(join(dataDir, 'catalog'), { recursive: true });
  copyFileSync(baseCatalog, catalogFilePath(dataDir));
  copyFileSync(catalogTextPath(baseCatalog), catalogTextPath(catalogFilePath(dataDir)));
  baseIds = (await readCatalogFile(baseCatalog)).movies.map((m) => m.id);
}
const baseFilms = baseCatalog ? baseIds.length : Number(process.argv[3] ?? 1000);
for (let i = 0; i < (baseCatalog ? 0 : baseFilms); i++) {
  const d = details(BASE_FIRST_ID + i);
  base.push({
    id: d.id,
    imdb_id: d.imdb_id,
    title: d.title,
    original_title: d.title,
    original_language: 'en',
    overview: d.overview,
    tagline: d.tagline,
    release_date: d.release_date,
    status: 'Released',
    runtime: d.runtime,
    budget: d.budget,
    revenue: d.revenue,
    vote_average: d.vote_average,
    vote_count: d.vote_count,
    popularity: d.popularity,
    poster_path: `/poster-${d.id}.svg`,
    backdrop_path: `/backdrop-${d.id}.svg`,
    tmdb_poster_path: d.poster_path,
    tmdb_backdrop_path: null,
    genre_ids: [d.genres[0]!.id],
    production_companies: [],
    production_countries: ['US'],
    collection: null,
    keywords: [],
  });
}
if (!baseCatalog) {
  baseIds = base.map((m) => m.id);
  writeCatalogFiles(catalogFilePath(dataDir), {
    version: CATALOG_VERSION,
    built_at: new Date().toISOString(),
    source: { package: 'bench', integrity: 'bench' },
    stats: {
      rows: baseFilms,
      kept: baseFilms,
      malformed: 0,
      duplicates: 0,
      adult: 0,
      untitled: 0,
      obsolete_genre_refs: 0,
    },
    movies: base,
  });
}

const lines: string[] = [];
const line = (id: number, popularity: number) =>
  lines.push(
    `{"adult":false,"id":${id},"original_title":"Film number ${id}","popularity":${popularity},"video":false}`,
  );
for (const id of baseIds) line(id, 5);
for (let i = 0; i < newFilms; i++) line(NEW_FIRST_ID + i, 5 + (i % 100));
for (let i = 0; i < obscure; i++) line(OBSCURE_FIRST_ID + i, 0.3);
const exportGz = gzipSync(lines.join('\n') + '\n');
lines.length = 0;

let served = 0;
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bench');
  served++;
  if (url.pathname.startsWith('/p/exports/')) {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    return res.end(exportGz);
  }
  if (req.headers.authorization !== `Bearer ${TOKEN}`) {
    res.writeHead(401);
    return res.end();
  }
  if (url.pathname === '/3/movie/changes') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"results":[],"page":1,"total_pages":1,"total_results":0}');
  }
  const m = /^\/3\/movie\/(\d+)$/.exec(url.pathname);
  if (m) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(details(Number(m[1]))));
  }
  res.writeHead(404);
  res.end('{}');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;

console.log(
  `Sync bench: ${newFilms} new films, a base catalog of ${baseFilms}, ${obscure} obscure ids (export ${(exportGz.length / 1e6).toFixed(1)} MB gzip)`,
);
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    import.meta.filename,
    '--child',
    dataDir,
    `http://127.0.0.1:${port}/3`,
    `http://127.0.0.1:${port}/p/exports`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let out = '';
child.stdout.on('data', (c: Buffer) => (out += c.toString()));
await new Promise((r) => child.on('exit', r));
server.close();
const result = JSON.parse(out) as { summary: Record<string, unknown>; ms: number; maxRssMB: number };
const s = result.summary;
console.log(
  `ok=${s.ok} new=${s.new} changed=${s.changed} removed=${s.removed} failed=${s.failed} movies=${s.movies} | TMDB calls ${s.calls} (server saw ${served}) | ${(result.ms / 1000).toFixed(1)} s | peak RSS ${result.maxRssMB} MB`,
);
rmSync(dataDir, { recursive: true, force: true });
