import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { modelsDir } from '../model/artifact';
import { parseArgs } from 'node:util';
import { dataDir, fromCaller, loadCatalog, REPO_ROOT } from '../catalog';
import { readMovieLens } from '../data/interactions';
import { chartSvg } from './chart';
import { runEvaluation } from './run-eval';

const { values } = parseArgs({
  options: {
    ratings: { type: 'string' },
    out: { type: 'string', default: resolve(REPO_ROOT, 'docs/perf/recommender-eval.json') },
    only: { type: 'string' },
    lambda: { type: 'string' },
    validation: { type: 'boolean', default: false },
  },
});
if (!values.ratings) {
  console.error('usage: npm run recommender:eval -- --ratings DIR [--out FILE.json]');
  process.exit(2);
}

const started = performance.now();
const catalog = await loadCatalog(dataDir());
const { interactions, unmapped } = readMovieLens(fromCaller(values.ratings));
console.log(`${interactions.length} ratings mapped to TMDB ids (${unmapped} without a tmdbId dropped)`);
const result = runEvaluation(interactions, catalog, {
  log: (m) => console.log(m),
  ...(values.only ? { only: values.only.split(',') } : {}),
  ...(values.lambda ? { easeLambda: Number(values.lambda) } : {}),
  validation: values.validation,
});

const rows = Object.entries(result.methods).map(([name, m]) => ({
  method: name,
  'HR@10': m.hr10.toFixed(4),
  'NDCG@10': m.ndcg10.toFixed(4),
  'Recall@20': m.recall20.toFixed(4),
  'coverage@10': m.coverage10.toFixed(4),
  'mean pop@10': m.meanPopularity10.toFixed(1),
}));
console.table(rows);
const ease = result.methods.EASE?.ndcg10;
const served = result.methods['hybrid (served)']?.ndcg10;
if (ease && served) console.log(`served / EASE NDCG@10 = ${(served / ease).toFixed(3)} (target >= 1.05)`);

const out = fromCaller(values.out!);
mkdirSync(dirname(out), { recursive: true });
const doc = {
  command: `npm run recommender:eval -- --ratings ${values.ratings}`,
  date: new Date().toISOString(),
  seconds: Math.round((performance.now() - started) / 1000),
  ...result,
};
writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
writeFileSync(out.replace(/\.json$/, '.svg'), chartSvg(result.methods));
if (!values.validation) {
  // The running service shows the last evaluation on GET /model.
  mkdirSync(modelsDir(dataDir()), { recursive: true });
  writeFileSync(join(modelsDir(dataDir()), 'last-evaluation.json'), JSON.stringify(doc, null, 2));
}
console.log(`wrote ${out} and ${out.replace(/\.json$/, '.svg')}`);
