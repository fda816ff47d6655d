import { resolve } from 'node:path';
// usage: node cpu.mjs <port> <dataDir> <main.js> ; CPU ms of the API per 1000 requests, per target
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
const [port, dataDir, main] = process.argv.slice(2);
const root = resolve(import.meta.dirname, '../..');
const cpu = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const rss = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
let out = '';
const child = spawn(process.execPath, [main], {
  env: {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    RECOMMENDER_URL: 'http://127.0.0.1:9',
    TRUST_PROXY: 'true',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (out += d));
const base = `http://127.0.0.1:${port}`;
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
while (!/search index ready/.test(out)) await new Promise((r) => setTimeout(r, 100));
const br = { 'accept-encoding': 'gzip, deflate, br' };
const res = {};
for (const [name, path, headers] of [
  ['popular', '/api/tmdb/movie/popular?page=1', {}],
  ['movie br', '/api/tmdb/movie/157336', br],
  ['search', '/api/tmdb/search/movie?query=star&page=1', {}],
]) {
  const c0 = cpu(child.pid);
  execFileSync(
    process.execPath,
    [
      `${root}/scripts/bench/load.mjs`,
      JSON.stringify({ url: base + path, headers, amount: 15000, duration: 120, connections: 16 }),
    ],
    { encoding: 'utf8' },
  );
  res[name] = Math.round(((cpu(child.pid) - c0) / 15) * 10) / 10;
}
res.rss = rss(child.pid);
res.la = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
console.log(JSON.stringify(res));
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
