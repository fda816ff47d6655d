import { resolve } from 'node:path';
// The API's RSS idle after start and after the api step's six catalog reads (3 rounds of each for
// LOAD_SECONDS, 16 connections, a visitor per request), as the bench measures it (decision 0021).
// Usage: node scripts/bench/memory-after-load.mjs PORT DATA_DIR [LOAD_SECONDS] [node flags...]
// (DATA_DIR with the catalog in it: a warm start; MALLOC_ARENA_MAX is passed through when set;
// SNAP=1 writes a heap snapshot after the load, with --heapsnapshot-signal=SIGUSR2.)
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
const [port, dataDir, secs = '3', ...flags] = process.argv.slice(2);
const root = resolve(import.meta.dirname, '../..');
const rss = (pid) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)[1]);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
};
/** Resident MB by kind of mapping (/proc/PID/smaps): malloc's heap, anonymous (V8, arenas, WebAssembly), files. */
const smaps = (pid) => {
  const kinds = {};
  let kind = '';
  for (const l of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(l);
    if (head) {
      const name = head[1];
      kind =
        name === '[heap]'
          ? 'brk heap'
          : !name
            ? 'anonymous'
            : name.includes('/node') && !name.endsWith('.node')
              ? 'node binary'
              : name.startsWith('[')
                ? name
                : 'files';
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(l);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  return Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, Math.round(v)]));
};
const la = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
let out = '';
// API_MAIN: another build of the API (default apps/api/dist/main.js).
const main = process.env.API_MAIN ?? `${root}/apps/api/dist/main.js`;
const child = spawn(process.execPath, [...flags, main], {
  env: {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    RECOMMENDER_URL: 'http://127.0.0.1:9',
    TRUST_PROXY: 'true',
    // glibc's malloc settings (MALLOC_ARENA_MAX, MALLOC_TRIM_THRESHOLD_, ...) pass through.
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MALLOC_'))),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (out += d));
const base = `http://127.0.0.1:${port}`;
const t0 = performance.now();
for (;;) {
  if (child.exitCode !== null) {
    console.log(out);
    process.exit(1);
  }
  const ok = await fetch(base + '/api/health').then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  await new Promise((r) => setTimeout(r, 20));
}
const startMs = Math.round(performance.now() - t0);
while (!/search index ready/.test(out)) await new Promise((r) => setTimeout(r, 100));
await new Promise((r) => setTimeout(r, 1000));
const idle = rss(child.pid);
const line = out.split('\n').find((l) => l.includes('search index ready'));
console.log(JSON.stringify({ startMs, la: la(), idle, indexLine: JSON.parse(line) }));
if (Number(secs) > 0) {
  const br = { 'accept-encoding': 'gzip, deflate, br' };
  const targets = [
    ['/api/tmdb/movie/popular?page=1', {}],
    ['/api/tmdb/movie/157336', {}],
    ['/api/tmdb/discover/movie?with_genres=878&page=1', {}],
    ['/api/tmdb/search/movie?query=star&page=1', {}],
    ['/api/tmdb/movie/popular?page=1', br],
    ['/api/tmdb/movie/157336', br],
  ];
  for (let rep = 0; rep < 3; rep++)
    for (const [path, headers] of targets) {
      const r = execFileSync(
        process.execPath,
        [
          `${root}/scripts/bench/load.mjs`,
          JSON.stringify({ url: base + path, headers, duration: Number(secs), connections: 16 }),
        ],
        { encoding: 'utf8' },
      );
      const j = JSON.parse(r.trim().split('\n').at(-1));
      process.stderr.write(
        `${path} ${headers['accept-encoding'] ? 'br' : ''} ${Math.round(j.requestsPerSecond)} rps rss ${JSON.stringify(rss(child.pid))}\n`,
      );
    }
  console.log(JSON.stringify({ afterLoad: rss(child.pid), la: la(), where: smaps(child.pid) }));
  await new Promise((r) => setTimeout(r, 5000));
  console.log(JSON.stringify({ after5s: rss(child.pid) }));
}
if (process.env.SNAP) {
  child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 20000));
}

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
