// The API's memory by stage, under the api step's own load (the 7 reads, likes included, each
// visitor its own address), as `npm start` runs it (MALLOC_ARENA_MAX=2): RSS and where it is
// (the JS heap, the rest) at ready, with the title index, after each round of the load and 5 s
// later. Two builds alternate when two bundles are given (same DATA_DIR, one at a time).
// Usage: npx tsx scripts/bench/memory-stages.ts DATA_DIR [--reps 2] [--seconds 3] [main.js ...]
// A build may carry environment variables for the API: `MALLOC_TRIM_THRESHOLD_=1048576@main.js`
// (several separated by commas), to compare glibc's settings on the same bundle.
// (DATA_DIR holds the catalog and a database made by a first start: a warm start.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWithEnv, cpuMsOf, load, loadAverage, root, rssOf, signedInUser, startApi } from './lib';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
  const i = args.indexOf(name);
  if (i < 0) return d;
  const v = Number(args[i + 1]);
  args.splice(i, 2);
  return v;
};
const reps = opt('--reps', 2);
const seconds = opt('--seconds', 3);
const [dataDir, ...mains] = args;
if (!dataDir) throw new Error('usage: memory-stages.ts DATA_DIR [--reps N] [--seconds S] [main.js ...]');
const builds = mains.length ? mains : [join(root, 'apps/api/dist/main.js')];

/** Resident memory of a process by kind (Linux smaps): anonymous, file-backed, in MB. */
function residentByKind(pid: number) {
  const text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  let anon = 0;
  let file = 0;
  let current = '';
  for (const line of text.split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) current = line.split(/\s+/)[5] ?? '';
    else if (line.startsWith('Rss:')) {
      const kb = Number(line.split(/\s+/)[1]);
      if (current.startsWith('/')) file += kb;
      else anon += kb;
    }
  }
  return { anonMb: Math.round(anon / 1024), fileMb: Math.round(file / 1024) };
}

const rows: Record<string, unknown>[] = [];
for (let rep = 0; rep < reps; rep++)
  for (const main of builds) {
    const { env: apiEnv, main: mainJs } = buildWithEnv(main);
    const api = await startApi(dataDir, apiEnv, mainJs);
    const line = (msg: string) =>
      JSON.parse(
        api
          .log()
          .split('\n')
          .find((l) => l.includes(`"msg":"${msg}"`)) ?? '{}',
      ) as Record<string, number>;
    for (let t = 0; t < 1200 && !/search index ready/.test(api.log()); t++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    const ready = line('ready to serve');
    const row: Record<string, unknown> = {
      build: main.replace(root + '/', ''),
      load: loadAverage(),
      startMs: api.startMs,
      startCpuMs: api.startCpuMs,
      atReady: { rss: ready.rssMb, heap: ready.heapUsedMb, external: ready.externalMb },
      idle: { ...rssOf(api.child.pid!), ...residentByKind(api.child.pid!) },
    };
    const auth = await signedInUser(api);
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    const targets: [string, Record<string, string>][] = [
      ['/api/tmdb/movie/popular?page=1', {}],
      ['/api/tmdb/movie/157336', {}],
      ['/api/tmdb/discover/movie?with_genres=878&page=1', {}],
      ['/api/tmdb/search/movie?query=star&page=1', {}],
      ['/api/tmdb/movie/popular?page=1', br],
      ['/api/tmdb/movie/157336', br],
      ['/api/user/likes', auth],
    ];
    const cpu0 = cpuMsOf(api.child.pid!);
    let requests = 0;
    const rounds: unknown[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [path, headers] of targets) {
        const r = load({ url: api.base + path, headers, duration: seconds, connections: 16 });
        requests += r.requests ?? 0;
      }
      rounds.push(rssOf(api.child.pid!).rssMb);
    }
    row.cpuUsPerRequest = Math.round(((cpuMsOf(api.child.pid!) - cpu0) * 1000) / requests);
    row.requests = requests;
    row.afterEachRound = rounds;
    row.afterLoad = { ...rssOf(api.child.pid!), ...residentByKind(api.child.pid!) };
    await new Promise((r) => setTimeout(r, 5000));
    row.after5s = rssOf(api.child.pid!).rssMb;
    row.loadAfter = loadAverage();
    await api.stop();
    rows.push(row);
    console.log(JSON.stringify(row));
  }
