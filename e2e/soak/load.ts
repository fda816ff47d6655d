// The soak test's load generator (a process of its own, never the server's): many simulated
// visitors, each behind the trusted proxy with an address of its own (X-Forwarded-For), browse,
// search, chat, sign in, like and edit playlists at a fixed arrival rate (open loop: a slow answer
// does not slow the arrivals, so latency is not hidden). Every visitor does one thing at a time, so
// the state its acknowledged writes should leave is known exactly.
//
// Usage: tsx e2e/soak/load.ts CONFIG_JSON RESULT_JSON  (run by e2e/soak/run.ts)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoadConfig {
  base: string;
  dataDir: string;
  /**
   * Two-instance mode (`--instances 2`): every instance's base URL; requests alternate between
   * them (a visitor's next request usually lands on the other one). `base` is the first.
   */
  bases?: string[];
  /** Every DATA_DIR whose outbox may hold a verification mail (one per instance). */
  dataDirs?: string[];
  /** The Origin header sent (the public origin the instances share; default `base`). */
  origin?: string;
  visitors: number;
  /** Calibration steps (requests per second) and their length; empty: go straight to the soak. */
  steps: number[];
  stepSeconds: number;
  /** The soak's rate when there are no steps. */
  rate?: number;
  soakSeconds: number;
  p99LimitMs: number;
}

export interface PhaseStats {
  rate: number;
  seconds: number;
  requests: number;
  achievedRate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  byAction: Record<string, { n: number; p99: number }>;
  serverErrors: number;
  unexpected: string[];
  skipped: number;
}

export interface LoadResult {
  calibration: PhaseStats[];
  soak: PhaseStats | null;
  /** Per visitor: the library its acknowledged writes leave. */
  expected: { email: string; likes: number[]; playlists: { id: number; name: string; movies: number[] }[] }[];
}

interface Visitor {
  n: number;
  ip: string;
  email: string;
  password: string;
  token: string;
  busy: boolean;
  likes: Set<number>;
  playlists: Map<number, { name: string; movies: Set<number> }>;
  playlistSeq: number;
}

const PROMPTS = [
  'a funny movie for tonight',
  'something like Inception',
  'scary movies from the 80s',
  'a romantic comedy',
  'movies with Tom Hanks',
  'an animated film for kids',
  'a space adventure',
];
const QUERIES = ['star', 'love', 'the matrix', 'batman', 'toy', 'dark', 'al', 'godfather', 'war', 'night'];

/** A parsed answer body (the generator reads a few known fields). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** Where requests go: one instance, or several in turn (set by main from the config). */
const target = { bases: [] as string[], turn: 0, origin: '' };
const nextBase = (base: string) =>
  target.bases.length > 1 ? target.bases[target.turn++ % target.bases.length]! : base;

async function call(
  base: string,
  v: Visitor,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<{ status: number; json: Json; headers: Headers }> {
  const res = await fetch(nextBase(base) + path, {
    method,
    headers: {
      'x-forwarded-for': v.ip,
      origin: target.origin || base,
      ...(v.token ? { authorization: `Bearer ${v.token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...extra,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: Json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/** Signs in and exchanges the session cookie for an ID token. */
async function signIn(base: string, v: Visitor, password = v.password) {
  const res = await call(base, { ...v, token: '' }, 'POST', '/api/auth/sign-in/email', {
    email: v.email,
    password,
  });
  if (res.status !== 200) return res;
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await call(base, { ...v, token: '' }, 'GET', '/api/auth/token', undefined, { cookie });
  if (token.status === 200) v.token = token.json.token;
  return token.status === 200 ? res : token;
}

function verificationLink(dataDirs: string[], email: string): string | undefined {
  for (const d of dataDirs) {
    const link = linkInOutbox(d, email);
    if (link) return link;
  }
  return undefined;
}

function linkInOutbox(dataDir: string, email: string): string | undefined {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter(
      (f) => f.includes(email.replace(/[^a-z0-9]/gi, '_')) || f.includes(email),
    );
  } catch {
    return undefined;
  }
  for (const f of files) {
    // Quoted-printable: soft line breaks and =3D.
    const text = readFileSync(join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const m = /https?:\/\/[^\s"<>]*verify-email\?token=[^\s"<>]+/.exec(text);
    if (m) return m[0];
  }
  return undefined;
}

async function setupVisitor(cfg: LoadConfig, n: number): Promise<Visitor> {
  const v: Visitor = {
    n,
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    email: `soak-${n}-${Date.now()}@example.com`,
    password: `soak-password-${n}`,
    token: '',
    busy: false,
    likes: new Set(),
    playlists: new Map(),
    playlistSeq: 0,
  };
  const up = await call(cfg.base, v, 'POST', '/api/auth/sign-up/email', {
    name: `Visitor ${n}`,
    email: v.email,
    password: v.password,
  });
  if (up.status !== 200) throw new Error(`sign-up ${up.status} ${JSON.stringify(up.json)}`);
  await call(cfg.base, v, 'POST', '/api/auth/send-verification-email', {
    email: v.email,
    callbackURL: '/login',
  });
  let link: string | undefined;
  const outboxes = cfg.dataDirs ?? [cfg.dataDir];
  for (let i = 0; i < 100 && !(link = verificationLink(outboxes, v.email)); i++)
    await new Promise((r) => setTimeout(r, 100));
  if (!link) throw new Error(`no verification mail for ${v.email}`);
  const url = new URL(link);
  await fetch(nextBase(cfg.base) + url.pathname + url.search, {
    redirect: 'manual',
    headers: { 'x-forwarded-for': v.ip },
  });
  const res = await signIn(cfg.base, v);
  if (res.status !== 200) throw new Error(`sign-in ${res.status} ${JSON.stringify(res.json)}`);
  return v;
}

type Expect = number[];
type Action = {
  name: string;
  weight: number;
  /** `stale`: a read that missed one of the visitor's own acknowledged writes. */
  run: (v: Visitor) => Promise<{ status: number; expect: Expect; stale?: boolean }>;
};

function actions(base: string, movies: number[]): Action[] {
  const get = async (v: Visitor, path: string) => ({
    status: (await call(base, v, 'GET', path)).status,
    expect: [200],
  });
  return [
    {
      name: 'browse list',
      weight: 16,
      run: (v) =>
        get(
          v,
          `${pick(['/api/tmdb/movie/popular', '/api/tmdb/movie/top_rated', '/api/tmdb/movie/now_playing', '/api/tmdb/trending/movie/week'])}?page=${1 + Math.floor(Math.random() * 5)}`,
        ),
    },
    { name: 'movie', weight: 14, run: (v) => get(v, `/api/tmdb/movie/${pick(movies)}`) },
    { name: 'credits', weight: 5, run: (v) => get(v, `/api/tmdb/movie/${pick(movies)}/credits`) },
    { name: 'page', weight: 5, run: (v) => get(v, pick(['/', `/movie/${pick(movies)}`, '/search/star'])) },
    {
      name: 'search',
      weight: 16,
      run: (v) => get(v, `/api/tmdb/search/movie?query=${encodeURIComponent(pick(QUERIES))}`),
    },
    {
      name: 'chat',
      weight: 6,
      run: async (v) => ({
        status: (await call(base, v, 'POST', '/api/chat/send', { message: pick(PROMPTS) })).status,
        expect: [200],
      }),
    },
    {
      name: 'sign-in',
      weight: 3,
      run: async (v) => {
        // One in four is a typo: 401, and the visitor's next sign-in succeeds.
        const typo = Math.random() < 0.25;
        const res = await signIn(base, v, typo ? 'wrong-password' : v.password);
        return { status: res.status, expect: typo ? [401] : [200] };
      },
    },
    {
      name: 'like',
      weight: 10,
      run: async (v) => {
        const id = pick(movies);
        const res = await call(base, v, 'POST', '/api/user/likes', { tmdb_id: id });
        const expect = v.likes.has(id) ? [409] : [201];
        if (res.status === 201) v.likes.add(id);
        return { status: res.status, expect };
      },
    },
    {
      name: 'unlike',
      weight: 3,
      run: async (v) => {
        const id = v.likes.size ? pick([...v.likes]) : pick(movies);
        const res = await call(base, v, 'DELETE', `/api/user/likes/${id}`);
        const expect = v.likes.has(id) ? [200] : [404];
        if (res.status === 200) v.likes.delete(id);
        return { status: res.status, expect };
      },
    },
    {
      name: 'playlist edit',
      weight: 14,
      run: async (v) => {
        if (v.playlists.size < 3 || Math.random() < 0.05) {
          const name = `Soak list ${++v.playlistSeq}`;
          const res = await call(base, v, 'POST', '/api/user/playlists', { name });
          if (res.status === 201) v.playlists.set(res.json.playlist_id, { name, movies: new Set() });
          return { status: res.status, expect: [201] };
        }
        const [pid, list] = pick([...v.playlists]);
        if (list.movies.size && Math.random() < 0.3) {
          const id = pick([...list.movies]);
          const res = await call(base, v, 'DELETE', `/api/user/playlists/${pid}/movies/${id}`);
          if (res.status === 200) list.movies.delete(id);
          return { status: res.status, expect: [200] };
        }
        if (Math.random() < 0.03) {
          const res = await call(base, v, 'DELETE', `/api/user/playlists/${pid}`);
          if (res.status === 200) v.playlists.delete(pid);
          return { status: res.status, expect: [200] };
        }
        const id = pick(movies);
        const res = await call(base, v, 'POST', `/api/user/playlists/${pid}/movies`, { tmdb_id: id });
        const expect = list.movies.has(id) ? [409] : [201];
        if (res.status === 201) list.movies.add(id);
        return { status: res.status, expect };
      },
    },
    {
      name: 'library read',
      weight: 8,
      run: async (v) => {
        const path = pick([
          '/api/user/likes',
          '/api/user/likes',
          '/api/user/playlists',
          '/api/user/watch-status',
        ]);
        const res = await call(base, v, 'GET', path);
        // The visitor does one thing at a time: its likes are exactly what its acknowledged writes
        // left, whichever instance answers (and whatever it had cached).
        if (path === '/api/user/likes' && res.status === 200) {
          const got = (res.json as { tmdb_id: number }[]).map((l) => l.tmdb_id).sort((a, b) => a - b);
          const want = [...v.likes].sort((a, b) => a - b);
          if (JSON.stringify(got) !== JSON.stringify(want))
            return { status: res.status, expect: [], stale: true };
        }
        return { status: res.status, expect: [200] };
      },
    },
  ];
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;

async function phase(
  visitors: Visitor[],
  acts: Action[],
  rate: number,
  seconds: number,
): Promise<PhaseStats> {
  const total = acts.reduce((s, a) => s + a.weight, 0);
  const choose = () => {
    let r = Math.random() * total;
    for (const a of acts) if ((r -= a.weight) < 0) return a;
    return acts[0]!;
  };
  const samples: { action: string; ms: number; status: number }[] = [];
  const unexpected: string[] = [];
  let skipped = 0;
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent++) {
      const idle = visitors.filter((v) => !v.busy);
      if (!idle.length) {
        skipped++;
        continue;
      }
      const v = pick(idle);
      const a = choose();
      v.busy = true;
      const t0 = performance.now();
      const p = a
        .run(v)
        .then(
          ({ status, expect, stale }) => {
            samples.push({ action: a.name, ms: performance.now() - t0, status });
            if (stale) unexpected.push(`${a.name}: a likes list without the visitor's acknowledged writes`);
            else if (!expect.includes(status))
              unexpected.push(`${a.name}: ${status}, expected ${expect.join('/')}`);
          },
          (err: unknown) => {
            samples.push({ action: a.name, ms: performance.now() - t0, status: 0 });
            unexpected.push(`${a.name}: ${String(err)}`);
          },
        )
        .finally(() => {
          v.busy = false;
          inflight.delete(p);
        });
      inflight.add(p);
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - start) / 1000;
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const byAction: PhaseStats['byAction'] = {};
  for (const a of acts) {
    const xs = samples
      .filter((s) => s.action === a.name)
      .map((s) => s.ms)
      .sort((x, y) => x - y);
    byAction[a.name] = { n: xs.length, p99: Math.round(quantile(xs, 0.99)) };
  }
  return {
    rate,
    seconds,
    requests: samples.length,
    achievedRate: Math.round((samples.length / elapsed) * 10) / 10,
    p50: Math.round(quantile(ms, 0.5)),
    p95: Math.round(quantile(ms, 0.95)),
    p99: Math.round(quantile(ms, 0.99)),
    max: Math.round(ms.at(-1) ?? 0),
    statuses,
    byAction,
    serverErrors: samples.filter((s) => s.status >= 500 || s.status === 0).length,
    unexpected: unexpected.slice(0, 20),
    skipped,
  };
}

const ok = (p: PhaseStats, limit: number) =>
  p.p99 < limit && p.serverErrors === 0 && p.unexpected.length === 0 && p.skipped === 0;

async function main() {
  const [configFile, resultFile] = process.argv.slice(2);
  const cfg = JSON.parse(readFileSync(configFile!, 'utf8')) as LoadConfig;
  const log = (m: string) => console.log(`[load] ${m}`);
  target.bases = cfg.bases ?? [cfg.base];
  target.origin = cfg.origin ?? '';
  if (target.bases.length > 1) log(`requests alternate between ${target.bases.join(' and ')}`);

  log(`setting up ${cfg.visitors} visitors`);
  const visitors: Visitor[] = [];
  for (let i = 0; i < cfg.visitors; i += 5)
    visitors.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(5, cfg.visitors - i) }, (_, k) => setupVisitor(cfg, i + k + 1)),
      )),
    );
  const anon = visitors[0]!;
  const movies: number[] = [];
  for (let page = 1; page <= 5; page++)
    movies.push(
      ...(await call(cfg.base, anon, 'GET', `/api/tmdb/movie/popular?page=${page}`)).json.results.map(
        (m: { id: number }) => m.id,
      ),
    );
  const acts = actions(cfg.base, movies);

  // Warm-up, not measured: the first requests of each kind compile code paths and fill caches.
  log('warming up (10 s at 5/s, not measured)');
  await phase(visitors, acts, 5, 10);

  const calibration: PhaseStats[] = [];
  let rate = cfg.rate ?? 0;
  for (const step of cfg.steps) {
    const p = await phase(visitors, acts, step, cfg.stepSeconds);
    calibration.push(p);
    log(
      `step ${step}/s: p50 ${p.p50} ms, p99 ${p.p99} ms, 5xx ${p.serverErrors}, unexpected ${p.unexpected.length}`,
    );
    log(
      `  per action p99: ${Object.entries(p.byAction)
        .map(([a, x]) => `${a} ${x.p99}`)
        .join(', ')}`,
    );
    if (!ok(p, cfg.p99LimitMs)) break;
    rate = step;
  }
  let soak: PhaseStats | null = null;
  if (rate > 0) {
    log(`soak: ${cfg.soakSeconds} s at ${rate} requests/s`);
    soak = await phase(visitors, acts, rate, cfg.soakSeconds);
    log(
      `soak: p50 ${soak.p50} ms, p99 ${soak.p99} ms, 5xx ${soak.serverErrors}, unexpected ${soak.unexpected.length}`,
    );
  }
  const result: LoadResult = {
    calibration,
    soak,
    expected: visitors.map((v) => ({
      email: v.email,
      likes: [...v.likes].sort((a, b) => a - b),
      playlists: [...v.playlists].map(([id, l]) => ({
        id,
        name: l.name,
        movies: [...l.movies].sort((a, b) => a - b),
      })),
    })),
  };
  writeFileSync(resultFile!, JSON.stringify(result));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
