/**
 * The served "For you"'s knobs on the per-user VALIDATION split only (decisions 0027, 0038): each
 * user's test period is dropped and the rest cut again, so the test targets are never looked at.
 * The baselines on the same validation split are printed for reference. Stage 1: the collaborative
 * method (item-kNN, RP3β, EASE), neighbours kept and the collaborative share; stage 2: the best of
 * stage 1 with the recency decay, the thin-history blend and the prior. Writes the grid as JSON.
 * `DATA_DIR=… npx tsx bench/history-grid.ts --ratings ../../shared/data/ml-latest-small [--out FILE]`
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dataDir, fromCaller, loadCatalog } from '../src/catalog';
import { readMovieLens } from '../src/data/interactions';
import { runHistoryEvaluation, SERVED_FOR_YOU } from '../src/eval/history';
import { HISTORY, type CollaborativeMethod } from '../src/model/history-scorer';

const { values } = parseArgs({
  options: {
    ratings: { type: 'string' },
    out: { type: 'string' },
    quick: { type: 'boolean' },
    /** Stage 3 only: around these knobs (JSON, e.g. stage 2's choice), neighbours kept × share. */
    refine: { type: 'string' },
  },
});
const catalog = await loadCatalog(dataDir());
const { interactions } = readMovieLens(fromCaller(values.ratings!));
const base = {
  easeLambda: 100,
  rp3Beta: 0.2,
  prior: 0.7,
  tauDays: 365,
  validation: true,
  split: 'per-user' as const,
};
const reference: Record<string, number> = {};
if (!values.quick) {
  const ref = runHistoryEvaluation(interactions, catalog, {
    ...base,
    only: ['knn', 'toppop', 'lately', 'rp3', 'ease'],
  });
  for (const [name, m] of Object.entries(ref.methods)) {
    reference[name] = m.ndcg10;
    console.log(`validation · ${name}: ${m.ndcg10.toFixed(4)}`);
  }
}
type Knobs = {
  method: CollaborativeMethod;
  rp3Beta?: number;
  easeLambda?: number;
  minSupport: number;
  neighboursKept: number;
  recencyTauDays: number;
  collaborative: number;
  collaborativeHalfAt: number;
  prior: number;
};
const rows: (Knobs & { ndcg10: number })[] = [];
const run = (knobs: Knobs) => {
  const t = performance.now();
  const r = runHistoryEvaluation(interactions, catalog, { ...base, only: ['served'], history: knobs });
  const v = r.methods[SERVED_FOR_YOU]!.ndcg10;
  rows.push({ ...knobs, ndcg10: v });
  console.log(JSON.stringify(knobs), v.toFixed(4), `${Math.round(performance.now() - t)} ms`);
  return v;
};
// Pair support stays at HISTORY.minSupport (8 weighted users): the rule that keeps a handful of
// accounts from making a pair is not a knob.
const methods: Pick<Knobs, 'method' | 'rp3Beta' | 'easeLambda'>[] = [
  { method: 'knn' },
  { method: 'rp3', rp3Beta: 0.2 },
  { method: 'rp3', rp3Beta: 0.5 },
  { method: 'ease', easeLambda: 100 },
  { method: 'ease', easeLambda: 500 },
];
let best: Knobs | undefined;
let bestV = -1;
if (values.refine) {
  const around = JSON.parse(values.refine) as Knobs;
  for (const neighboursKept of [20, 30, 50, 100])
    for (const collaborative of [0.5, 0.6, 0.7]) {
      const knobs = { ...around, neighboursKept, collaborative };
      const v = run(knobs);
      if (v > bestV) [bestV, best] = [v, knobs];
    }
  console.log('chosen on validation (stage 3)', JSON.stringify(best), bestV.toFixed(4));
  console.table([...rows].sort((a, b) => b.ndcg10 - a.ndcg10).slice(0, 12));
  if (values.out)
    writeFileSync(
      values.out,
      JSON.stringify({ reference, grid: rows, chosen: best, validation_ndcg10: bestV }, null, 2),
    );
  process.exit(0);
}
for (const m of methods)
  for (const neighboursKept of [50, 200])
    for (const collaborative of [1, 0.8, 0.6]) {
      const knobs: Knobs = {
        ...m,
        minSupport: HISTORY.minSupport,
        neighboursKept,
        recencyTauDays: 365,
        collaborative,
        collaborativeHalfAt: 0,
        prior: 0,
      };
      const v = run(knobs);
      if (v > bestV) [bestV, best] = [v, knobs];
    }
console.log('stage 1 best', JSON.stringify(best), bestV.toFixed(4));
const stage1 = best!;
for (const recencyTauDays of [180, 365, 730, 100000])
  for (const collaborativeHalfAt of [0, 3, 10])
    for (const prior of [0, 0.15]) {
      if (recencyTauDays === 365 && collaborativeHalfAt === 0 && prior === 0) continue;
      const knobs = { ...stage1, recencyTauDays, collaborativeHalfAt, prior };
      const v = run(knobs);
      if (v > bestV) [bestV, best] = [v, knobs];
    }
console.log('chosen on validation', JSON.stringify(best), bestV.toFixed(4));
console.table([...rows].sort((a, b) => b.ndcg10 - a.ndcg10).slice(0, 15));
if (values.out)
  writeFileSync(
    values.out,
    JSON.stringify({ reference, grid: rows, chosen: best, validation_ndcg10: bestV }, null, 2),
  );
