/**
 * Some of the `api` step's reads, our API against the bare server with the same bytes, many
 * alternated reps: whether a read's ratio is a property of the read or of the moment. Each rep
 * runs every read on both servers (ours first on even reps, the bare server first on odd ones),
 * so reads compared with one another share the same stretch of the machine's load.
 *
 *   npx tsx scripts/bench/ab-bare.ts [--main apps/api/dist/main.js] [--reps 8] [--seconds 3]
 *     [--only popular,popular-br] [--rate 5000]
 *
 * Prints, per read, each rep's ratio (our requests per second ÷ the bare server's) and CPU µs
 * per request of each, then the median and range. With --rate, every run sends that many requests
 * a second: the servers' CPU per request is then compared at the same rate (at full speed a
 * server answering more requests a second spends less CPU on each: more of them per event-loop
 * turn). Needs the bench's catalog (.cache/bench-catalog).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMsOf, freePort, load, loadAverage, median, rawGet, root, round, startApi } from './lib';

const { values } = parseArgs({
  options: {
    main: { type: 'string', default: join(root, 'apps/api/dist/main.js') },
    reps: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '3' },
    only: { type: 'string' },
    rate: { type: 'string' },
  },
});
const br = { 'accept-encoding': 'gzip, deflate, br' };
const reads = [
  { name: 'popular', path: '/api/tmdb/movie/popular?page=1', headers: {} },
  { name: 'popular-br', path: '/api/tmdb/movie/popular?page=1', headers: br },
  { name: 'movie', path: '/api/tmdb/movie/157336', headers: {} },
  { name: 'movie-br', path: '/api/tmdb/movie/157336', headers: br },
].filter((r) => !values.only || values.only.split(',').includes(r.name));

const dir = mkdtempSync(join(tmpdir(), 'ab-bare-'));
symlinkSync(join(root, '.cache/bench-catalog/catalog'), join(dir, 'catalog'));
const api = await startApi(dir, {}, resolve(values.main));
while (!/search index ready/.test(api.log())) await new Promise((r) => setTimeout(r, 100));
// As the bench records them (scripts/bench/index.ts `compare`): every header but the connection's.
const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const recorded: Record<string, object> = {};
for (const r of reads) {
  const res = await rawGet(`${api.base}${r.path}`, r.headers);
  recorded[`${r.path} ${'accept-encoding' in r.headers ? 'br' : 'identity'}`] = {
    status: 200,
    headers: Object.fromEntries(
      Object.entries(res.headers).flatMap(([k, v]) =>
        perConnection.has(k) || v === undefined ? [] : [[k, String(v)]],
      ),
    ),
    body: res.body.toString('base64'),
  };
  console.log(`${r.name}: ${res.body.length} bytes, ${res.headers['content-encoding'] ?? 'identity'}`);
}
const file = join(dir, 'answers.json');
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
const rows = reads.map(() => ({
  ratios: [] as number[],
  ours: [] as number[],
  theirs: [] as number[],
  loads: [] as number[],
}));
try {
  for (let rep = 0; rep < Number(values.reps); rep++) {
    reads.forEach((r, k) => {
      const run = (base: string, pid: number) => {
        const before = cpuMsOf(pid);
        const client0 = childrenCpuMs();
        const x = load({
          url: `${base}${r.path}`,
          headers: r.headers,
          duration: seconds,
          connections: 16,
          ...(values.rate ? { overallRate: Number(values.rate) } : {}),
        });
        if (x.non2xx || x.errors) throw new Error(`${r.name}: ${x.non2xx} non-2xx, ${x.errors} errors`);
        return {
          rps: x.requestsPerSecond!,
          us: ((cpuMsOf(pid) - before) * 1000) / x.requests!,
          clientUs: ((childrenCpuMs() - client0) * 1000) / x.requests!,
        };
      };
      const row = rows[k]!;
      row.loads.push(loadAverage());
      const ours = () => run(api.base, api.child.pid!);
      const theirs = () => run(`http://127.0.0.1:${barePort}`, bare.pid!);
      const [a, b] = rep % 2 === 0 ? [ours(), theirs()] : [theirs(), ours()].reverse();
      row.ratios.push(a!.rps / b!.rps);
      row.ours.push(a!.us);
      row.theirs.push(b!.us);
      console.log(
        `rep ${rep} ${r.name}: ${round(a!.rps / b!.rps)}× (${Math.round(a!.rps)} / ${Math.round(b!.rps)} req/s; CPU µs ${round(a!.us, 0)} / ${round(b!.us, 0)}; load generator's CPU µs ${round(a!.clientUs, 0)} / ${round(b!.clientUs, 0)}; load ${row.loads.at(-1)})`,
      );
    });
  }
} finally {
  bare.kill();
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log('\n| read | ratio median (range) | CPU µs per request, ours / bare (medians) | load average |');
console.log('| --- | --- | --- | --- |');
reads.forEach((r, k) => {
  const x = rows[k]!;
  console.log(
    `| ${r.name} | ${round(median(x.ratios))}× (${round(Math.min(...x.ratios))}–${round(Math.max(...x.ratios))}) | ${round(median(x.ours), 0)} / ${round(median(x.theirs), 0)} | ${Math.min(...x.loads)}–${Math.max(...x.loads)} |`,
  );
});
