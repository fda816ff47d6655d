/**
 * /recommend speed beside a bare node:http server answering the very same bytes (the floor any
 * HTTP service on this machine can reach), both driven by autocannon over loopback; then training
 * time and peak memory on a MovieLens folder.
 * Usage: npm run bench:recommender [-- --ratings DIR] [--seconds 10]
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir, fromCaller, loadCatalog, REPO_ROOT } from '../src/catalog';
import { ModelStore } from '../src/http/model-store';
import { createRecommenderServer } from '../src/http/server';
import { currentArtifactName, writeArtifact } from '../src/model/artifact';
import { buildModel } from '../src/train/build-model';

const { values } = parseArgs({
  options: {
    ratings: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    out: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const dir = dataDir();
if (!currentArtifactName(dir)) writeArtifact(dir, buildModel({ catalog: await loadCatalog(dir) }));
const store = new ModelStore(dir);
store.reload();
const model = store.current()!;

// 500 popular seeds, asked with top_n=10 as the movie page does.
const seeds = Object.keys(model.neighbours).slice(0, 500);
const paths = seeds.map((id) => `/recommend?tmdb_id=${id}&top_n=10`);

const ours = createRecommenderServer(store);
// The baseline: a bare node:http server answering the same bytes from a precomputed map.
const bodies = new Map<string, Buffer>();
for (const p of paths) bodies.set(p, Buffer.from(await (await fetchVia(ours, p)).text()));
const bare = createServer((req, res) => {
  const body = bodies.get(req.url!)!;
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});

async function fetchVia(server: Server, path: string) {
  if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
}

async function load(server: Server) {
  if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non_2xx: result.non2xx,
  };
}

// Interleave runs so that noise on this 2-core machine hits both alike.
const oursRuns = [];
const bareRuns = [];
for (let i = 0; i < 2; i++) {
  bareRuns.push(await load(bare));
  oursRuns.push(await load(ours));
}
const best = (runs: Awaited<ReturnType<typeof load>>[]) =>
  runs.sort((a, b) => b.requests_per_s - a.requests_per_s)[0]!;
const o = best(oursRuns);
const b = best(bareRuns);
ours.close();
bare.close();
console.table({
  '/recommend (ours)': { 'req/s': o.requests_per_s, 'p50 ms': o.latency_ms.p50, 'p99 ms': o.latency_ms.p99 },
  'bare node:http, same bytes': {
    'req/s': b.requests_per_s,
    'p50 ms': b.latency_ms.p50,
    'p99 ms': b.latency_ms.p99,
  },
});
console.log(
  `throughput ratio ours / bare: ${(o.requests_per_s / b.requests_per_s).toFixed(2)}; p99 ${o.latency_ms.p99} ms (target < 5 ms)`,
);

let training: Record<string, unknown> | null = null;
if (values.ratings) {
  // Training in its own process, on a scratch DATA_DIR that shares the built catalog.
  const scratch = mkdtempSync(join(tmpdir(), 'train-bench-'));
  mkdirSync(scratch, { recursive: true });
  symlinkSync(join(dir, 'catalog'), join(scratch, 'catalog'));
  const started = performance.now();
  const out = execFileSync(
    resolve(REPO_ROOT, 'node_modules/.bin/tsx'),
    [resolve(REPO_ROOT, 'services/recommender/src/train/cli.ts'), '--ratings', fromCaller(values.ratings)],
    {
      env: { ...process.env, DATA_DIR: scratch },
      encoding: 'utf8',
    },
  );
  const peak = /peak RSS (\d+) MB/.exec(out)?.[1];
  training = { seconds: +((performance.now() - started) / 1000).toFixed(1), peak_rss_mb: Number(peak) };
  console.log(
    `training on ${values.ratings}: ${training.seconds} s wall (incl. process start), peak RSS ${peak} MB`,
  );
}

if (values.out) {
  const file = fromCaller(values.out);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        command: 'npm run bench:recommender',
        date: new Date().toISOString(),
        seconds_per_run: seconds,
        ours: o,
        bare_baseline: b,
        training,
      },
      null,
      2,
    ) + '\n',
  );
}
process.exit(0);
