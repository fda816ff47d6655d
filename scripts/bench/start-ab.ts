// Warm starts of two (or more) API builds, alternated: wall time to /api/health, the CPU time the
// whole process had used then, and the main thread's own CPU time (what sets the wall time on a
// machine with a free core: PGlite's WebAssembly compiles and the garbage collector's helpers run
// on other threads). Medians per build; the load average beside each run.
// Usage: npx tsx scripts/bench/start-ab.ts DATA_DIR REPS main.js [main.js ...]
// (DATA_DIR holds the catalog and a database made by a first start.) A build may carry environment
// variables for the API, as in memory-stages.ts: `MALLOC_MMAP_THRESHOLD_=131072@main.js`.
import { readFileSync } from 'node:fs';
import { buildWithEnv, cpuMsOf, median, root, startApi } from './lib';

const [dataDir, repsArg, ...mains] = process.argv.slice(2);
if (!dataDir || !mains.length) throw new Error('usage: start-ab.ts DATA_DIR REPS main.js [main.js ...]');
const reps = Number(repsArg);

/** CPU time of the process's main thread (its thread id is the process id), in ms (Linux). */
function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const runs: Record<
  string,
  { ms: number; cpuMs: number; mainCpuMs: number; firstPageMs: number; load: number }[]
> = {};
for (let rep = 0; rep < reps; rep++) {
  const order = rep % 2 === 0 ? mains : [...mains].reverse();
  for (const main of order) {
    const { env: apiEnv, main: mainJs } = buildWithEnv(main);
    const api = await startApi(dataDir, apiEnv, mainJs);
    const mainCpuMs = mainThreadCpuMs(api.child.pid!);
    const row = {
      ms: api.startMs,
      cpuMs: api.startCpuMs,
      mainCpuMs,
      firstPageMs: api.firstPageMs,
      load: api.load,
    };
    (runs[main] ??= []).push(row);
    console.log(
      JSON.stringify({ build: main.replace(root + '/', ''), ...row, totalCpuNow: cpuMsOf(api.child.pid!) }),
    );
    await api.stop();
  }
}
for (const [main, rows] of Object.entries(runs))
  console.log(
    JSON.stringify({
      build: main.replace(root + '/', ''),
      medianMs: median(rows.map((r) => r.ms)),
      medianCpuMs: median(rows.map((r) => r.cpuMs)),
      medianMainCpuMs: median(rows.map((r) => r.mainCpuMs)),
      loads: rows.map((r) => r.load),
    }),
  );
