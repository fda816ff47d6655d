/**
 * The API's cached reads against a bare node:http server replaying the same bytes (every header
 * included), as a browser asks for them (`Accept-Encoding: gzip, deflate, br, zstd`), many
 * alternated reps: whether a read's ratio is a property of the read or of the moment. With
 * `--vs OLD/main.js`, a second build runs beside the first, and each rep runs every read on the
 * three servers in turn (which goes first rotating), so "before" and "after" share the same
 * stretch of the machine's load.
 *
 *   npx tsx scripts/bench/ab-bare.ts [--main apps/api/dist/main.js] [--vs OLD/apps/api/dist/main.js]
 *     [--reps 6] [--seconds 3] [--only popular,movie,search,likes,recommendations] [--rate 5000]
 *
 * Reads: the popular list, a movie, search suggestions (100 different 2–6 letter prefixes of
 * popular titles, each answered once before the runs, so cached: every request a different
 * URL), and a signed-in user's likes (`GET /api/user/likes` with a Bearer token; 20 likes, so
 * the body is compressed), and a movie page's recommendations block as the browser asks for it
 * (`GET /api/recommend/movies?tmdb_id=157336&top_n=10`, decision 0097), with the recommender
 * (compiled) serving the bench's model (.cache/bench-recommender: `npm run bench -- --only
 * recommender` builds it), one per build; with --fake-recommender, a stand-in answering the
 * catalog's most voted films (scripts/bench/fake-recommender.mjs: the API keeps each list for
 * RECOMMEND_CACHE_SECONDS, so the API's own work per request is what is measured). Prints, per read, each rep's ratio (our requests per second ÷ the
 * bare server's) and CPU µs per request of each, then the median and range. With --rate, every
 * run sends that many requests a second: CPU per request compared at the same rate. Needs the
 * bench's catalog (.cache/bench-catalog).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BROWSER_ACCEPT_ENCODING,
  cpuMsOf,
  freePort,
  load,
  loadAverage,
  makeQueries,
  rawGet,
  root,
  round,
  signedInUser,
  startApi,
  startRecommender,
  type Api,
} from './lib';

const { values } = parseArgs({
  options: {
    main: { type: 'string', default: join(root, 'apps/api/dist/main.js') },
    vs: { type: 'string' },
    reps: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '3' },
    only: { type: 'string' },
    rate: { type: 'string' },
    // The recommender's model (the recommendations read; built by `npm run bench -- --only recommender`).
    'recommender-dir': { type: 'string', default: join(root, '.cache/bench-recommender') },
    'fake-recommender': { type: 'boolean', default: false },
    // How many different search prefixes the search read cycles through.
    'search-paths': { type: 'string', default: '100' },
  },
});
const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
/** The median (of an even count, the mean of the two middle values). */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** scripts/bench/fake-recommender.mjs on a free port, answering from the bench's catalog. */
async function fakeRecommender() {
  const port = await freePort();
  const child = fork(
    join(root, 'scripts/bench/fake-recommender.mjs'),
    [join(root, '.cache/bench-catalog/catalog/catalog.v6.json'), String(port)],
    { stdio: 'ignore' },
  );
  await new Promise((r) => child.once('message', r));
  return { child, base: `http://127.0.0.1:${port}` };
}

const wants = (read: string) => !values.only || values.only.split(',').includes(read);

/**
 * Starts a build on the bench catalog, with a signed-in user who likes 20 films, and (for the
 * recommendations read) the same build's recommender on the bench's model.
 */
async function start(main: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ab-bare-'));
  symlinkSync(join(root, '.cache/bench-catalog/catalog'), join(dir, 'catalog'));
  const rec = !wants('recommendations')
    ? null
    : values['fake-recommender']
      ? await fakeRecommender()
      : await startRecommender(
          values['recommender-dir'],
          resolve(main, '../../../../services/recommender/dist/main.js'),
        );
  const api = await startApi(dir, rec ? { RECOMMENDER_URL: rec.base } : {}, resolve(main));
  while (!/search index ready/.test(api.log())) await new Promise((r) => setTimeout(r, 100));
  const auth = await signedInUser(api, 20);
  return { api, dir, auth, rec };
}

const servers: {
  name: string;
  api: Api;
  dir: string;
  auth: Record<string, string>;
  rec: { child: { kill(): boolean } } | null;
}[] = [
  { name: 'ours', ...(await start(values.main)) },
  ...(values.vs ? [{ name: 'before', ...(await start(values.vs)) }] : []),
];
const first = servers[0]!;
// Suggestions typed by visitors: prefixes of the first 200 popular titles.
const titles: string[] = [];
for (let page = 1; page <= 10; page++) {
  const res = await rawGet(`${first.api.base}/api/tmdb/movie/popular?page=${page}`, {});
  titles.push(
    ...(JSON.parse(res.body.toString()) as { results: { title: string }[] }).results.map((m) => m.title),
  );
}
const suggestions = makeQueries(titles)
  .prefixes.slice(0, Number(values['search-paths']))
  .map((q) => `/api/tmdb/search/movie?query=${encodeURIComponent(q)}&page=1`);

interface Read {
  name: string;
  paths: string[];
  signedIn?: boolean;
}
const reads: Read[] = [
  { name: 'popular', paths: ['/api/tmdb/movie/popular?page=1'] },
  { name: 'movie', paths: ['/api/tmdb/movie/157336'] },
  { name: 'search', paths: suggestions },
  { name: 'likes', paths: ['/api/user/likes'], signedIn: true },
  // What a movie page's recommendations block asks for (the web's similarMoviesUrl).
  { name: 'recommendations', paths: ['/api/recommend/movies?tmdb_id=157336&top_n=10'] },
].filter((r) => wants(r.name));

// As the bench records them (scripts/bench/index.ts `compare`): every header but the connection's.
const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const recorded: Record<string, object> = {};
for (const r of reads)
  for (const path of r.paths) {
    // Every server answers each path once before the runs (so the searches are cached on each).
    for (const s of servers.slice(1))
      await rawGet(`${s.api.base}${path}`, { ...browser, ...(r.signedIn ? s.auth : {}) });
    const res = await rawGet(`${first.api.base}${path}`, { ...browser, ...(r.signedIn ? first.auth : {}) });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    recorded[`${path} br`] = {
      status: 200,
      headers: Object.fromEntries(
        Object.entries(res.headers).flatMap(([k, v]) =>
          perConnection.has(k) || v === undefined ? [] : [[k, String(v)]],
        ),
      ),
      body: res.body.toString('base64'),
    };
    if (path === r.paths[0])
      console.log(
        `${r.name}: ${res.body.length} bytes, ${res.headers['content-encoding'] ?? 'identity'}${r.paths.length > 1 ? ` (first of ${r.paths.length} paths)` : ''}; cache-control ${res.headers['cache-control']}`,
      );
  }
const file = join(mkdtempSync(join(tmpdir(), 'ab-bare-answers-')), 'answers.json');
writeFileSync(file, JSON.stringify(recorded));
const barePort = await freePort();
const bare = fork(join(root, 'scripts/bench/bare-server.mjs'), [file, String(barePort)], { stdio: 'ignore' });
await new Promise((r) => bare.once('message', r));
const seconds = Number(values.seconds);
/** CPU ms of this process's waited-for children (the load generator: each run is one). */
const childrenCpuMs = () => {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[13]) + Number(f[14])) * 10;
};
const contenders = [
  ...servers.map((s) => ({ name: s.name, base: s.api.base, pid: s.api.child.pid!, auth: s.auth })),
  { name: 'bare', base: `http://127.0.0.1:${barePort}`, pid: bare.pid!, auth: first.auth },
];
const rows = reads.map(() => ({
  rps: contenders.map(() => [] as number[]),
  us: contenders.map(() => [] as number[]),
  loads: [] as number[],
}));
const bareAt = contenders.length - 1;
try {
  for (let rep = 0; rep < Number(values.reps); rep++) {
    reads.forEach((r, k) => {
      const row = rows[k]!;
      row.loads.push(loadAverage());
      // Which server goes first rotates with the rep.
      const order = contenders.map((_, i) => (i + rep) % contenders.length);
      const got: string[] = [];
      for (const i of order) {
        const c = contenders[i]!;
        const before = cpuMsOf(c.pid);
        const client0 = childrenCpuMs();
        const x = load({
          url: c.base,
          paths: r.paths,
          headers: { ...browser, ...(r.signedIn ? c.auth : {}) },
          duration: seconds,
          connections: 16,
          ...(values.rate ? { overallRate: Number(values.rate) } : {}),
        });
        if (x.non2xx || x.errors)
          throw new Error(`${r.name} on ${c.name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
        row.rps[i]!.push(x.requestsPerSecond!);
        row.us[i]!.push(((cpuMsOf(c.pid) - before) * 1000) / x.requests!);
        got.push(
          `${c.name} ${Math.round(x.requestsPerSecond!)} req/s, CPU µs ${round(row.us[i]!.at(-1)!, 0)}, load generator's ${round(((childrenCpuMs() - client0) * 1000) / x.requests!, 0)}`,
        );
      }
      const ratios = servers.map(
        (_, i) => `${contenders[i]!.name} ${round(row.rps[i]!.at(-1)! / row.rps[bareAt]!.at(-1)!)}×`,
      );
      console.log(`rep ${rep} ${r.name}: ${ratios.join(', ')} (${got.join('; ')}; load ${row.loads.at(-1)})`);
    });
  }
} finally {
  bare.kill();
  for (const s of servers) {
    await s.api.stop();
    s.rec?.child.kill();
    rmSync(s.dir, { recursive: true, force: true });
  }
}
const head = servers.map((s) => `${s.name} ÷ bare, median (range)`);
console.log(
  `\n| read | ${head.join(' | ')} | req/s median, ${contenders.map((c) => c.name).join(' / ')} | CPU µs per request (medians), ${contenders.map((c) => c.name).join(' / ')} | CPU per request, bare ÷ ${servers.map((s) => s.name).join(' / ')} | load average |`,
);
console.log(`|${' --- |'.repeat(head.length + 5)}`);
reads.forEach((r, k) => {
  const x = rows[k]!;
  const cells = servers.map((_, i) => {
    const ratios = x.rps[i]!.map((v, j) => v / x.rps[bareAt]![j]!);
    return `**${round(median(ratios))}×** (${round(Math.min(...ratios))}–${round(Math.max(...ratios))})`;
  });
  console.log(
    `| ${r.name} | ${cells.join(' | ')} | ${x.rps.map((v) => Math.round(median(v))).join(' / ')} | ${x.us.map((v) => round(median(v), 0)).join(' / ')} | ${servers.map((_, i) => `${round(median(x.us[bareAt]!) / median(x.us[i]!))}×`).join(' / ')} | ${Math.min(...x.loads)}–${Math.max(...x.loads)} |`,
  );
});
