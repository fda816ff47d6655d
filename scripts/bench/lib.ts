import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** A free port: any, or one in BENCH_PORTS ("4200-4299") on a machine where ports are shared out. */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (range) {
    for (let p = Number(range[1]); p <= Number(range[2]); p++) if (await portFree(p)) return p;
    throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
  }
  return listenOn(0);
}

const portFree = (port: number) =>
  listenOn(port).then(
    () => true,
    () => false,
  );

function listenOn(port: number): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(port, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

/** Resident memory of a process, now and at its peak (Linux), in MB. */
export function rssOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** The 1-minute load average now (this machine is shared: every figure carries it). */
export const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** CPU time (user + system, all threads) a process has used so far, in ms (Linux). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface Api {
  child: ChildProcess;
  base: string;
  dataDir: string;
  /** Spawn → /api/health 200, wall clock. */
  startMs: number;
  /** CPU time the process had used when /api/health first answered 200. */
  startCpuMs: number;
  /** Spawn → the first page of the popular list answered 200 (the site is usable). */
  firstPageMs: number;
  /** The load average when the start began. */
  load: number;
  log: () => string;
  stop(): Promise<void>;
}

/** The API as `npm start` runs it, on a free port; resolves once /api/health answers 200. */
export async function startApi(
  dataDir: string,
  env: Record<string, string> = {},
  main = join(root, 'apps/api/dist/main.js'),
): Promise<Api> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const load = loadAverage();
  const t0 = performance.now();
  let out = '';
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH!,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RECOMMENDER_URL: 'http://127.0.0.1:9',
      TRUST_PROXY: 'true',
      // As npm start runs it (scripts/start.mjs).
      MALLOC_ARENA_MAX: '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out = (out + d).slice(-200_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-200_000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited:\n${out}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = Math.round(performance.now() - t0);
  const startCpuMs = cpuMsOf(child.pid!);
  const page = await fetch(`${base}/api/tmdb/movie/popular?page=1`);
  await page.arrayBuffer();
  if (!page.ok) throw new Error(`the popular list answered ${page.status}`);
  const firstPageMs = Math.round(performance.now() - t0);
  return {
    child,
    base,
    dataDir,
    startMs,
    startCpuMs,
    firstPageMs,
    load,
    log: () => out,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The recommender as `npm start` runs it (compiled), serving the model in dir; resolves when /health is 200. */
export async function startRecommender(
  dir: string,
  main = join(root, 'services/recommender/dist/main.js'),
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH!,
      DATA_DIR: dir,
      RECOMMENDER_PORT: String(port),
      RECOMMENDER_RETRAIN_MINUTES: '0',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error('the recommender exited');
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the recommender did not become ready in 120 s');
}

/** Runs the load generator (its own process) and returns its JSON line. */
export function load(opts: object): Record<string, number> & { latency?: Record<string, number> } {
  const out = execFileSync(process.execPath, [join(root, 'scripts/bench/load.mjs'), JSON.stringify(opts)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

export function makeQueries(titles: string[], seed = 42): { prefixes: string[]; typos: string[] } {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)]!;
  const prefixes = new Set<string>();
  const typos = new Set<string>();
  while (prefixes.size < 300) {
    const t = pick(titles).toLowerCase();
    const len = 2 + Math.floor(rand() * 5); // 2–6 characters, as typed before a pause
    const p = t.slice(0, len).trim();
    if (p.length >= 2) prefixes.add(p);
  }
  while (typos.size < 300) {
    const t = pick(titles).toLowerCase();
    if (t.length < 5) continue;
    const i = 1 + Math.floor(rand() * (t.length - 2));
    const kind = Math.floor(rand() * 3);
    typos.add(
      kind === 0
        ? t.slice(0, i) + t.slice(i + 1)
        : kind === 1
          ? t.slice(0, i) + t[i + 1] + t[i] + t.slice(i + 2)
          : t.slice(0, i) + pick([...'abcdefghijklmnopqrstuvwxyz']) + t.slice(i + 1),
    );
  }
  return { prefixes: [...prefixes], typos: [...typos] };
}

/** Search suggestions over HTTP, each query once (so none is answered from a cache). */
/** What a browser asks for (over HTTPS): suggestions are compressed as they would be for it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * Suggestions over HTTP: each query once (nothing cached), `concurrency` visitors at a time. At 1,
 * each request's latency is what one typist feels; at 4, the server is saturated (4 requests are
 * always waiting), so a request's latency is about 4× the server's time per request (Little's
 * law): that figure measures throughput, not one visitor's wait.
 */
export async function searchLatency(
  base: string,
  titles: string[],
  { salt = '', concurrency = 4, acceptEncoding = 'gzip, deflate', seed = 42 } = {},
) {
  const { prefixes, typos } = makeQueries(titles, seed);
  const url = (q: string) => `/api/tmdb/search/movie?query=${encodeURIComponent(q)}&page=1${salt}`;
  const run = (qs: string[]) =>
    load({
      mode: 'latency',
      url: base,
      paths: qs.map(url),
      concurrency,
      headers: { 'accept-encoding': acceptEncoding },
    });
  return { prefixes: run(prefixes), typos: run(typos) };
}

/**
 * Registers, verifies (the link from the API's log: no mail server) and signs in a user, who
 * likes `likes` films (six known ones, then the popular list's first).
 */
export async function signedInUser(api: Api, likes = 6): Promise<{ authorization: string }> {
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
  for (let i = 0; i < 600 && !link; i++) {
    link = /"link":"([^"]+verify-email[^"]+)"/.exec(api.log())?.[1] ?? linkInOutbox(api.dataDir);
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error('no verification link in the API log or the mail outbox');
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
  const ids = [155, 238, 550, 680, 13, 157336];
  if (likes > ids.length) {
    const popular = (await (await fetch(`${api.base}/api/tmdb/movie/popular?page=1`)).json()) as {
      results: { id: number }[];
    };
    ids.push(...popular.results.map((m) => m.id).filter((id) => !ids.includes(id)));
  }
  for (const id of ids.slice(0, likes))
    await fetch(`${api.base}/api/user/likes`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ tmdb_id: id }),
    });
  return { authorization };
}

/** The verification link of the newest mail in DATA_DIR/outbox (quoted-printable decoded). */
function linkInOutbox(dataDir: string): string | undefined {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return undefined;
  const mails = readdirSync(dir).sort();
  const last = mails.at(-1);
  if (!last) return undefined;
  const text = readFileSync(join(dir, last), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return /https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/.exec(text)?.[0];
}

/**
 * A build to start, optionally with environment variables for it: `main.js` or
 * `KEY=V,KEY2=V2@main.js` (the variables before the first `@` that follows a `=` pair list; each
 * pair split at its first `=`). Throws on a pair without `=`.
 */
export function buildWithEnv(spec: string): { env: Record<string, string>; main: string } {
  const m = /^((?:[A-Za-z_][A-Za-z0-9_]*=[^,@]*)(?:,[A-Za-z_][A-Za-z0-9_]*=[^,@]*)*)@(.+)$/.exec(spec);
  if (!m) {
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(spec)) throw new Error(`not KEY=V[,KEY=V]@main.js: ${spec}`);
    return { env: {}, main: spec };
  }
  const env = Object.fromEntries(
    m[1]!.split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i), kv.slice(i + 1)];
    }),
  );
  return { env, main: m[2]! };
}

/** A GET as it came over the wire (fetch would decode the body). */
export function rawGet(url: string, headers: Record<string, string>) {
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
