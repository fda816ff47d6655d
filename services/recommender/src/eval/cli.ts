import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { dataDir, fromCaller, loadCatalog, REPO_ROOT } from '../catalog';
import { readMovieLens } from '../data/interactions';
import { modelsDir } from '../model/artifact';
import { makeRanker, sampledHubness } from '../train/build-model';
import { chartSvg } from './chart';
import {
  HISTORY_BASELINES,
  POPULAR_LATELY,
  PREVIOUS_FOR_YOU,
  runHistoryEvaluation,
  SERVED_FOR_YOU,
} from './history';
import { judge, JUDGED_DIR, readJudged } from './judged';
import { HISTORY } from '../model/history-scorer';
import { evalReport, withReport } from './report';
import { compareText } from './text';
import { BASELINES, runEvaluation, SERVED } from './run-eval';

// The raw JSON goes to the ignored artifacts/perf/; the default run's tables and chart go to the docs.
const DEFAULT_OUT = resolve(REPO_ROOT, 'artifacts/perf/recommender-eval.json');
const { values } = parseArgs({
  options: {
    ratings: { type: 'string' },
    out: { type: 'string', default: DEFAULT_OUT },
    only: { type: 'string' },
    lambda: { type: 'string' },
    'rp3-beta': { type: 'string' },
    validation: { type: 'boolean', default: false },
    'no-judged': { type: 'boolean', default: false },
  },
});
if (!values.ratings) {
  console.error(
    'usage: npm run recommender:eval -- --ratings DIR [--out FILE.json] [--lambda N] [--rp3-beta B] [--only a,b] [--validation] [--no-judged]',
  );
  process.exit(2);
}

const started = performance.now();
const catalog = await loadCatalog(dataDir());
const ratingsDir = fromCaller(values.ratings);
const { interactions, unmapped } = readMovieLens(ratingsDir);
console.log(`${interactions.length} ratings mapped to TMDB ids (${unmapped} without a tmdbId dropped)`);
const log = (m: string) => console.log(m);

// Baselines' parameters, chosen on the validation split only (the test period is never looked at).
const tuning: Record<string, number>[] = [];
let rp3Beta = values['rp3-beta'] ? Number(values['rp3-beta']) : 0.5;
let easeLambda = values.lambda ? Number(values.lambda) : 500;
// Given either parameter, both are taken as given (the grid runs only when neither is).
if (!values.validation && !values.lambda && !values['rp3-beta']) {
  let best = -1;
  for (const beta of [0.2, 0.35, 0.5, 0.65]) {
    const r = runEvaluation(interactions, catalog, { validation: true, only: ['rp3'], rp3Beta: beta });
    tuning.push({ rp3_beta: beta, validation_ndcg10: r.methods.RP3beta!.ndcg10 });
    if (r.methods.RP3beta!.ndcg10 > best) [best, rp3Beta] = [r.methods.RP3beta!.ndcg10, beta];
  }
  best = -1;
  for (const lambda of [100, 500, 2000]) {
    const r = runEvaluation(interactions, catalog, { validation: true, only: ['ease'], easeLambda: lambda });
    tuning.push({ ease_lambda: lambda, validation_ndcg10: r.methods.EASE!.ndcg10 });
    if (r.methods.EASE!.ndcg10 > best) [best, easeLambda] = [r.methods.EASE!.ndcg10, lambda];
  }
  console.table(tuning);
  console.log(`chosen on validation: RP3beta β ${rp3Beta}, EASE λ ${easeLambda}`);
}

const result = runEvaluation(interactions, catalog, {
  log,
  ...(values.only ? { only: values.only.split(',') } : {}),
  easeLambda,
  rp3Beta,
  validation: values.validation,
});

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
console.table(
  Object.entries(result.methods).map(([name, m]) => {
    const vs = result.served_vs[name];
    return {
      method: name,
      'NDCG@10': m.ndcg10.toFixed(4),
      'HR@10': m.hr10.toFixed(4),
      'Recall@20': m.recall20.toFixed(4),
      'coverage@10': m.coverage10.toFixed(4),
      'mean pop@10': m.meanPopularity10.toFixed(1),
      'served / this [95% CI]': vs
        ? `${vs.ratio.toFixed(2)} [${vs.low.toFixed(2)}, ${vs.high.toFixed(2)}]`
        : '',
    };
  }),
);
const best = result.best_baseline;
const vsBest = result.served_vs[best];
if (vsBest)
  console.log(
    `served / best baseline (${best}) NDCG@10 = ${vsBest.ratio.toFixed(3)}, 95% CI [${vsBest.low.toFixed(3)}, ${vsBest.high.toFixed(3)}] (target >= 1.05 with the interval above 1)`,
  );

// The question "For you" answers, on the same split: the user's history → a list. Its prior's two
// knobs are chosen on the validation split, like the baselines' parameters.
let history: ReturnType<typeof runHistoryEvaluation> | null = null;
const historyTuning: Record<string, number>[] = [];
const historyKnobs = undefined;
if (!values.only || values.only.includes('history')) {
  let prior = 0.85;
  let tauDays = 365;
  if (!values.validation) {
    let best = -1;
    for (const tau of [180, 365, 730])
      for (const p of [0, 0.5, 0.7, 0.85, 0.95]) {
        const r = runHistoryEvaluation(interactions, catalog, {
          validation: true,
          only: ['previous'],
          easeLambda,
          rp3Beta,
          prior: p,
          tauDays: tau,
        });
        const v = r.methods[PREVIOUS_FOR_YOU]!.ndcg10;
        historyTuning.push({ prior: p, trending_tau_days: tau, validation_ndcg10: v });
        if (v > best) [best, prior, tauDays] = [v, p, tau];
      }
    console.table(historyTuning);
    console.log(`chosen on validation: prior ${prior}, τ ${tauDays} days`);
  }
  // The served row's knobs are HISTORY's (services/recommender/src/model/history-scorer.ts),
  // chosen on the per-user protocol's validation split by `bench/history-grid.ts` (decision 0038:
  // collaborative method, neighbours, share, thin-history blend, recency, prior), written down
  // there and in the decision before the test split was read.
  history = runHistoryEvaluation(interactions, catalog, {
    log,
    easeLambda,
    rp3Beta,
    prior,
    tauDays,
    validation: values.validation,
    history: historyKnobs,
  });
  console.table(
    Object.entries(history.methods).map(([name, m]) => {
      const vs = history!.served_vs[name];
      return {
        method: name,
        'NDCG@10': m.ndcg10.toFixed(4),
        'HR@10': m.hr10.toFixed(4),
        'Recall@20': m.recall20.toFixed(4),
        'mean pop@10': m.meanPopularity10.toFixed(1),
        'served / this [95% CI]': vs
          ? `${vs.ratio.toFixed(2)} [${vs.low.toFixed(2)}, ${vs.high.toFixed(2)}]`
          : '',
      };
    }),
  );
  const hb = history.served_vs[history.best_baseline];
  if (hb)
    console.log(
      `For you / best baseline (${history.best_baseline}) NDCG@10 = ${hb.ratio.toFixed(3)}, 95% CI [${hb.low.toFixed(3)}, ${hb.high.toFixed(3)}] (target >= 1.05 with the interval above 1)`,
    );
}

// The second protocol (chosen before any result on it; decision 0023): a per-user temporal
// holdout, both questions, with the parameters chosen on the global validation split above.
let perUser: {
  one_seed: ReturnType<typeof runEvaluation>;
  history: ReturnType<typeof runHistoryEvaluation>;
} | null = null;
if (!values.validation && (!values.only || values.only.includes('per-user'))) {
  log('per-user temporal holdout…');
  // `--only per-user-history`: the history question alone (the one-seed one costs the most).
  const oneSeed = runEvaluation(interactions, catalog, {
    log,
    easeLambda,
    rp3Beta,
    split: 'per-user',
    ...(values.only?.includes('per-user-history') ? { only: ['none'] } : {}),
  });
  const hist = runHistoryEvaluation(interactions, catalog, {
    log,
    easeLambda,
    rp3Beta,
    prior: history?.params.prior ?? 0.85,
    tauDays: history?.params.trending_tau_days ?? 365,
    split: 'per-user',
    history: historyKnobs,
  });
  perUser = { one_seed: oneSeed, history: hist };
  for (const [label, r, served] of [
    ['one seed', oneSeed, SERVED],
    ['history', hist, SERVED_FOR_YOU],
  ] as const) {
    console.log(`per-user · ${label}: ${r.cases} cases from ${r.users} users (median cut ${r.cut})`);
    console.table(
      Object.entries(r.methods).map(([name, m]) => {
        const vs = r.served_vs[name];
        return {
          method: name,
          'NDCG@10': m.ndcg10.toFixed(4),
          'HR@10': m.hr10.toFixed(4),
          'Recall@20': m.recall20.toFixed(4),
          'mean pop@10': m.meanPopularity10.toFixed(1),
          'served / this [95% CI]': vs
            ? `${vs.ratio.toFixed(2)} [${vs.low.toFixed(2)}, ${vs.high.toFixed(2)}]`
            : '',
        };
      }),
    );
    const b = r.served_vs[r.best_baseline];
    if (b)
      console.log(
        `per-user · ${label}: ${served} / best baseline (${r.best_baseline}) = ${b.ratio.toFixed(3)}, 95% CI [${b.low.toFixed(3)}, ${b.high.toFixed(3)}]`,
      );
  }
}

// The judged check: the lists a person sees, from the model `recommender:train` builds with the
// same ratings, and from the default content model (no MovieLens).
type Judged = ReturnType<typeof judge>;
const judged: Record<string, Judged> = {};
const judgedSets: [string, string][] = [
  ['development', JUDGED_DIR],
  ['held-out', join(JUDGED_DIR, 'heldout')],
  ['held-out 2', join(JUDGED_DIR, 'heldout2')],
];
if (!values['no-judged'] && !values.validation) {
  // The served ranking with the same ratings (what `recommender:train` builds) and without them
  // (the default model), hubness estimated from every 10th seed instead of a full first pass.
  const variants: [string, Parameters<typeof makeRanker>[0]][] = [
    ['served with MovieLens', { catalog, ratings: { path: ratingsDir, interactions } }],
    ['served, content only (default)', { catalog }],
  ];
  for (const [name, input] of variants) {
    log(`judging ${name}…`);
    const { ranker, movies, indexOf } = makeRanker(input);
    sampledHubness(ranker, movies.length, 10);
    const recommend = (id: number) => {
      const i = indexOf.get(id);
      return i === undefined ? [] : ranker.rank(i, 10).map(([j]) => movies[j]!.id);
    };
    for (const [set, dir] of judgedSets) {
      if (!existsSync(join(dir, 'seeds.json'))) continue;
      const { seeds, groups } = readJudged(dir);
      judged[`${name} · ${set}`] = judge(recommend, catalog, seeds, groups);
    }
  }
  console.table(
    Object.entries(judged).map(([name, { summary: s }]) => ({
      model: name,
      seeds: s.seeds,
      'main genre': pct(s.main_genre_share),
      'franchise seeds hit': `${s.franchise_seeds_hit}/${s.franchise_seeds}`,
      'franchise recall': pct(s.franchise_recall),
      '±2 years': pct(s.near_year_share),
      'genre base': pct(s.near_year_base),
      'films in >2 unrelated lists': s.recurring.length,
      'max lists per film': s.max_lists_per_film,
    })),
  );
}

// Text for cold-start titles: TF-IDF against the catalog-trained vectors and blends.
const text = values.validation || values.only ? null : compareText(interactions, catalog, log);
if (text)
  console.table(
    Object.entries(text).map(([name, r]) => ({
      text: name,
      'co-liked P@10': r.coliked_precision10.toFixed(4),
      'cold: main genre': pct(r.main_genre_share),
      'cold: franchise recall': pct(r.franchise_recall),
      'cold: ±2 years': pct(r.near_year_share),
    })),
  );

const out = fromCaller(values.out!);
mkdirSync(dirname(out), { recursive: true });
const doc = {
  command: `npm run recommender:eval -- ${process.argv.slice(2).join(' ')}`,
  date: new Date().toISOString(),
  seconds: Math.round((performance.now() - started) / 1000),
  ...result,
  tuning,
  baselines: BASELINES,
  text,
  history: history
    ? {
        ...history,
        tuning: historyTuning,
        served_knobs: HISTORY,
        baselines: HISTORY_BASELINES,
        reference: POPULAR_LATELY,
      }
    : null,
  per_user: perUser,
  served: SERVED,
  judged: Object.fromEntries(Object.entries(judged).map(([k, v]) => [k, v.summary])),
  judged_lists: Object.fromEntries(
    Object.entries(judged).map(([k, v]) => [
      k,
      v.perSeed.map((r) => ({ seed: r.title, picks: r.picks.map((p) => `${p.title} (${p.year ?? '?'})`) })),
    ]),
  ),
};
writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
const summary = out === DEFAULT_OUT ? resolve(REPO_ROOT, 'docs/perf/recommender-eval.json') : out;
writeFileSync(summary.replace(/\.json$/, '.svg'), chartSvg(result.methods));
if (!values.validation) {
  // The running service shows the last evaluation on GET /model.
  mkdirSync(modelsDir(dataDir()), { recursive: true });
  writeFileSync(join(modelsDir(dataDir()), 'last-evaluation.json'), JSON.stringify(doc, null, 2));
}
// Every table as markdown beside the JSON (for the default output: docs/perf/recommender-eval.md)
// and, for the default output (the figures the docs state), in docs/recommender.md between its
// markers: the page shows this run, not a copy.
const report = evalReport(
  {
    command: doc.command,
    date: doc.date,
    seconds: doc.seconds,
    served: SERVED,
    oneSeed: values.validation ? null : result,
    history: values.validation ? null : history,
    perUser,
    judged: doc.judged,
  },
  SERVED_FOR_YOU,
);
// Formatted as the repository's Prettier would (tables aligned), so the pages stay lint-clean.
const formatted = async (path: string, text: string) =>
  prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path });
const reportPath = summary.replace(/\.json$/, '.md');
writeFileSync(reportPath, await formatted(reportPath, report));
const page = resolve(REPO_ROOT, 'docs/recommender.md');
if (out === DEFAULT_OUT && existsSync(page))
  writeFileSync(page, await formatted(page, withReport(readFileSync(page, 'utf8'), report)));
console.log(`wrote ${out}, ${reportPath} and ${summary.replace(/\.json$/, '.svg')} in ${doc.seconds} s`);
