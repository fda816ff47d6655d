/**
 * A signed-in user's likes (`GET /api/user/likes`, a browser's `Accept-Encoding`, 20 likes) as
 * several instances serve them: each build on a fresh PostgreSQL database of its own and one Redis
 * (a key prefix each), against a bare node:http server replaying the same bytes, alternated and
 * repeated as scripts/bench/ab-bare.ts does (which goes first rotates with the rep). Decision 0091:
 * the read cache kept under a per-user generation in Redis, against the build before it (no cache
 * with PostgreSQL: a query and a compression per request).
 *
 *   npx tsx scripts/bench/ab-likes-shared.ts --main apps/api/dist/main.js --vs OLD/apps/api/dist/main.js
 *     [--reps 6] [--seconds 3] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--redis-url redis://127.0.0.1:6379]
 *
 * Prints each rep's ratio to the bare server and CPU µs per request of the API process (the work
 * moved to PostgreSQL or Redis is not in it: their own processes), then medians and ranges.
 * Needs the bench's catalog (.cache/bench-catalog).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  BROWSER_ACCEPT_ENCODING,
  cpuMsOf,
  freePort,
  load,
  loadAverage,
  rawGet,
  root,
  round,
  signedInUser,
  startApi,
  type Api,
} from './lib';

const { values } = parseArgs({
  options: {
    main: { type: 'string', default: join(root, 'apps/api/dist/main.js') },
    vs: { type: 'string' },
    reps: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '3' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const serverUrl = values['database-url'];
const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

const databases: string[] = [];
async function start(main: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ab-likes-'));
  symlinkSync(join(root, '.cache/bench-catalog/catalog'), join(dir, 'catalog'));
  const name = `bench_likes_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  databases.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const api = await startApi(
    dir,
    { DATABASE_URL: url.toString(), REDIS_URL: values['redis-url'], REDIS_KEY_PREFIX: `bench-${name}` },
    resolve(main),
  );
  // The start's background work (the title index, the chat made ready) is done before measuring.
  while (!/search index ready/.test(api.log()) || !/chat ready/.test(api.log()))
    await new Promise((r) => setTimeout(r, 100));
  const auth = await signedInUser(api, 20);
  return { api, dir, auth };
}

const servers: { name: string; api: Api; dir: string; auth: Record<string, string> }[] = [];
let bare: ReturnType<typeof fork> | null = null;
try {
  servers.push({ name: 'ours', ...(await start(values.main)) });
  if (values.vs) servers.push({ name: 'before', ...(await start(values.vs)) });
  const path = '/api/user/likes';
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  for (const s of servers.slice(1)) await rawGet(`${s.api.base}${path}`, { ...browser, ...s.auth });
  const first = servers[0]!;
  const res = await rawGet(`${first.api.base}${path}`, { ...browser, ...first.auth });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  console.log(
    `likes: ${res.body.length} bytes, ${res.headers['content-encoding'] ?? 'identity'}; cache-control ${res.headers['cache-control']}`,
  );
  const file = join(mkdtempSync(join(tmpdir(), 'ab-likes-answers-')), 'answers.json');
  writeFileSync(
    file,
    JSON.stringify({
      [`${path} br`]: {
        status: 200,
        headers: Object.fromEntries(
          Object.entries(res.headers).flatMap(([k, v]) =>
            perConnection.has(k) || v === undefined ? [] : [[k, String(v)]],
          ),
        ),
        body: res.body.toString('base64'),
      },
    }),
  );
  const barePort = await freePort();
  bare = fork(join(root, 'scripts/bench/bare-server.mjs'), [file, String(barePort)], { stdio: 'ignore' });
  await new Promise((r) => bare!.once('message', r));
  const contenders = [
    ...servers.map((s) => ({ name: s.name, base: s.api.base, pid: s.api.child.pid!, auth: s.auth })),
    { name: 'bare', base: `http://127.0.0.1:${barePort}`, pid: bare.pid!, auth: first.auth },
  ];
  // Unmeasured: the first requests compile the read's code paths.
  for (const c of contenders)
    load({ url: c.base, paths: [path], headers: { ...browser, ...c.auth }, duration: 2, connections: 16 });
  const rps = contenders.map(() => [] as number[]);
  const us = contenders.map(() => [] as number[]);
  const loads: number[] = [];
  for (let rep = 0; rep < Number(values.reps); rep++) {
    loads.push(loadAverage());
    for (const i of contenders.map((_, k) => (k + rep) % contenders.length)) {
      const c = contenders[i]!;
      const before = cpuMsOf(c.pid);
      const x = load({
        url: c.base,
        paths: [path],
        headers: { ...browser, ...c.auth },
        duration: Number(values.seconds),
        connections: 16,
      });
      if (x.non2xx || x.errors) throw new Error(`${c.name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
      rps[i]!.push(x.requestsPerSecond!);
      us[i]!.push(((cpuMsOf(c.pid) - before) * 1000) / x.requests!);
    }
    const bareAt = contenders.length - 1;
    console.log(
      `rep ${rep}: ${servers.map((s, i) => `${s.name} ${round(rps[i]!.at(-1)! / rps[bareAt]!.at(-1)!)}× (${Math.round(rps[i]!.at(-1)!)} req/s, CPU µs ${round(us[i]!.at(-1)!, 0)})`).join(', ')}; bare ${Math.round(rps[bareAt]!.at(-1)!)} req/s (load ${loads.at(-1)})`,
    );
  }
  const bareAt = contenders.length - 1;
  console.log(
    `\n| likes, PostgreSQL + Redis | ${servers.map((s) => `${s.name} ÷ bare, median (range)`).join(' | ')} | req/s median, ${contenders.map((c) => c.name).join(' / ')} | CPU µs per request (medians), ${contenders.map((c) => c.name).join(' / ')} | load average |`,
  );
  console.log(`|${' --- |'.repeat(servers.length + 4)}`);
  const cells = servers.map((_, i) => {
    const ratios = rps[i]!.map((v, j) => v / rps[bareAt]![j]!);
    return `**${round(median(ratios))}×** (${round(Math.min(...ratios))}–${round(Math.max(...ratios))})`;
  });
  console.log(
    `| ${Number(values.reps)} reps × ${values.seconds} s | ${cells.join(' | ')} | ${rps.map((v) => Math.round(median(v))).join(' / ')} | ${us.map((v) => round(median(v), 0)).join(' / ')} | ${Math.min(...loads)}–${Math.max(...loads)} |`,
  );
} finally {
  bare?.kill();
  for (const s of servers) {
    await s.api.stop();
    rmSync(s.dir, { recursive: true, force: true });
  }
  for (const name of databases) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  const redis = new Redis(values['redis-url'], { maxRetriesPerRequest: 1 });
  for (const name of databases) {
    const keys = await redis.keys(`bench-${name}:*`);
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
}
