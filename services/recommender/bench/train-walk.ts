/**
 * A training seed's content walk (decision 0112): the CPU of the TF-IDF walk and of its best 300
 * (`ContentModel.sparse` and `topKSparse`, 81% of a million-film seed in decision 0107's profile)
 * for the same seeds walked whole and within each `CONTENT.walkBudget`; the entries a whole walk
 * takes (percentiles), the films touched, and how many seeds' best 300 (in order) and best 10 differ.
 *
 *   cd services/recommender && nice -n 19 node --import tsx bench/train-walk.ts [--movies N] \
 *     [--seeds 2000] [--budget 40000 --budget 20000 …] [--base DIR]
 *
 * Without --movies the offline catalog of --base (DATA_DIR) is walked; with it, a synthetic catalog
 * of N films made from it (`syntheticCatalog`, as bench/train-memory.ts makes them).
 */
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchCatalog } from './bench-catalog';
import { CONTENT, ContentModel } from '../src/model/content';
import { topKSparse } from '../src/model/topk';
import { RESCORED } from '../src/model/text-vectors';

const { values } = parseArgs({
  options: {
    movies: { type: 'string' },
    seeds: { type: 'string', default: '2000' },
    budget: { type: 'string', multiple: true, default: [String(CONTENT.walkBudget)] },
    base: { type: 'string', default: join(tmpdir(), 'recommender-train-memory-base') },
  },
});
const { movies, isCandidate } = await benchCatalog(resolve(values.base), values.movies);
let t0 = process.cpuUsage();
const model = new ContentModel(movies, { isCandidate });
const cpu = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
};
console.log(`${movies.length} films; TF-IDF model made in ${cpu(t0).toFixed(1)} CPU-s`);
const allowed = Uint8Array.from(movies, (m) => (isCandidate(m) ? 1 : 0));
const n = Math.min(Number(values.seeds), movies.length);
const seeds = Array.from({ length: n }, (_, i) => Math.floor((i * movies.length) / n));

const run = (budget: number) => {
  CONTENT.walkBudget = budget;
  const tops: number[][] = [];
  const entries: number[] = [];
  let touched = 0;
  let budgeted = 0;
  t0 = process.cpuUsage();
  for (const seed of seeds) {
    const s = model.sparse(seed, allowed);
    touched += s.count;
    entries.push(model.lastWalk.entries);
    if (model.lastWalk.budgeted) budgeted++;
    tops.push(topKSparse(s.values, s.ids, s.count, RESCORED, seed));
  }
  return { msPerSeed: (cpu(t0) * 1000) / n, tops, entries, touched: touched / n, budgeted };
};

const whole = run(Infinity);
const sorted = [...whole.entries].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(n - 1, Math.floor(p * n))]!;
console.log(
  `whole walk: ${whole.msPerSeed.toFixed(2)} ms CPU a seed (${n} seeds), ${Math.round(whole.touched)} films touched a seed; entries a seed p50 ${pct(0.5)}, p90 ${pct(0.9)}, p99 ${pct(0.99)}, max ${sorted[n - 1]}`,
);
for (const b of values.budget.map(Number)) {
  const cut = run(b);
  let differ = 0;
  let differ10 = 0;
  let overlap = 0;
  cut.tops.forEach((top, i) => {
    const w = whole.tops[i]!;
    if (top.length !== w.length || top.some((j, k) => j !== w[k])) differ++;
    if (top.slice(0, 10).some((j, k) => j !== w[k])) differ10++;
    const set = new Set(w);
    overlap += w.length ? top.filter((j) => set.has(j)).length / w.length : 1;
  });
  console.log(
    `budget ${b}: ${cut.msPerSeed.toFixed(2)} ms CPU a seed, ${Math.round(cut.touched)} films touched; ${cut.budgeted} of ${n} seeds cut; best ${RESCORED} differ for ${differ} (mean overlap ${((overlap / n) * 100).toFixed(1)}%), best 10 for ${differ10}`,
  );
}
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
