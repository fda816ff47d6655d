import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import type { Interaction } from '../data/interactions';
import { ContentModel } from '../model/content';
import { EaseModel } from '../model/ease';
import { blend, collaborative } from '../model/hybrid';
import { ImplicitMatrix } from '../model/implicit';
import { SequenceModel } from '../model/sequence';
import { SimilarRanker } from '../model/similar';
import { servedContent } from '../model/text-vectors';
import { topK } from '../model/topk';
import { MIN_VOTES_TO_RECOMMEND, topOf } from '../train/build-model';
import {
  computeMetrics,
  ndcgPerCase,
  pairedBootstrap,
  splitOf,
  type Metrics,
  type SplitKind,
  type PairedInterval,
} from './protocol';
import { universeMoviesOf } from './universe';

/** Baseline parameters chosen on the validation split (`--tune`), never on the test targets. */
export const EASE_LAMBDA = 500;
export const RP3_ALPHA = 0.8;
export const RP3_BETA = 0.5;
/** The previous served hybrid, kept as a reference row (time-local co-occurrence + RP3beta). */
const OLD = { k: 5, seqWindow: 5, seqBeta: 0.3, rp3Share: 0.5, rp3Beta: 0.35 };

export const GLOBAL_PROTOCOL =
  'global temporal split: positives (rating >= 4) before the cut date (80th percentile of positive times) train; each user with positives on both sides gives up to 10 cases: targets = their first positives after the cut that are training items not liked before, seed = their latest training positive more than 24 h before the target (outside its rating session); every method ranks all training items from the seed alone; bootstrap intervals resample users';
export const PER_USER_PROTOCOL =
  "per-user temporal holdout: every user with 5+ positives (rating >= 4) is cut at the 80th percentile of their own positive times; everyone's positives before their own cut train; up to 10 cases per user: targets = their first positives from their cut on that are training items not liked before, seed = their latest training positive more than 24 h before the target; every method ranks all training items from the seed alone; bootstrap intervals resample users";

export const SERVED = 'served (franchise + content + supported CF, MMR)';
export const BASELINES = ['TopPop', 'item-kNN (cosine)', 'RP3beta', 'EASE', 'content only (TF-IDF)'];

export interface EvalResult {
  protocol: string;
  cut: string;
  cases: number;
  users: number;
  universe_items: number;
  train_positives: number;
  params: Record<string, number>;
  methods: Record<string, Metrics>;
  /** Served NDCG@10 against each other method: ratio and difference with paired bootstrap 95% intervals. */
  served_vs: Record<string, PairedInterval>;
  best_baseline: string;
}

/**
 * The temporal protocol (see temporalSplit) for the served ranking and every baseline, each
 * ranking the training items from the seed alone (seed excluded). With `validation`, the same on
 * the validation split.
 */
export function runEvaluation(
  interactions: Interaction[],
  catalog: CatalogIndex,
  opts: {
    easeLambda?: number;
    rp3Beta?: number;
    log?: (msg: string) => void;
    only?: string[];
    validation?: boolean;
    /** 'global' (one cut date, the default) or 'per-user' (each user's own cut: the second protocol). */
    split?: SplitKind;
  } = {},
): EvalResult {
  const log = opts.log ?? (() => {});
  const split = opts.split ?? 'global';
  const { cases, train, cut } = splitOf(interactions, split, { validation: opts.validation ?? false });
  const m = new ImplicitMatrix(train);
  const n = m.nItems;
  log(
    `${cases.length} cases, ${train.length} training positives before ${new Date(cut * 1000).toISOString()}, ${n} items`,
  );
  const pop = m.popularity();
  const popOf = (item: number) => pop[m.itemIndex.get(item) ?? -1] ?? 0;
  const easeLambda = opts.easeLambda ?? EASE_LAMBDA;
  const rp3Beta = opts.rp3Beta ?? RP3_BETA;

  const selected = (name: string) => !opts.only || opts.only.some((o) => name.toLowerCase().includes(o));
  // Every method returns item ids (TMDB) of the universe, best first.
  const methods: Record<string, (seed: number) => number[]> = {};
  const ids = (list: number[]) => list.map((i) => m.itemIds[i]!);
  const universeMovies = universeMoviesOf(m.itemIds, catalog);

  if (selected('toppop')) methods.TopPop = (seed) => ids(topK(pop, 20, m.itemIndex.get(seed)!));
  if (selected('knn'))
    methods['item-kNN (cosine)'] = (seed) => {
      const s = m.itemIndex.get(seed)!;
      return ids(topK(m.cosineFrom(s), 20, s));
    };
  if (selected('rp3'))
    methods.RP3beta = (seed) => {
      const s = m.itemIndex.get(seed)!;
      return ids(topK(m.rp3betaFrom(s, RP3_ALPHA, rp3Beta), 20, s));
    };
  if (selected('ease')) {
    log(`training EASE (λ ${easeLambda})…`);
    const ease = new EaseModel(m, easeLambda, 3);
    methods.EASE = (seed) => {
      const s = m.itemIndex.get(seed)!;
      return ids(topK(ease.scoresFrom(s, n), 20, s));
    };
  }
  if (selected('content')) {
    const content = new ContentModel(universeMovies);
    methods['content only (TF-IDF)'] = (seed) => {
      const s = m.itemIndex.get(seed)!;
      return ids(topK(content.similarities(s), 20, s));
    };
  }
  if (selected('previous')) {
    const content = new ContentModel(universeMovies);
    const seq = new SequenceModel(m, train, OLD.seqWindow, OLD.seqBeta);
    methods['previous served hybrid'] = (seed) => {
      const s = m.itemIndex.get(seed)!;
      const scores = blend(
        collaborative(seq.scoresFrom(s), m.rp3betaFrom(s, RP3_ALPHA, OLD.rp3Beta), OLD.rp3Share),
        content.similarities(s),
        m.count(s),
        OLD.k,
      );
      return ids(topK(scores, 20, s));
    };
  }
  if (selected('served')) {
    // The served ranking itself, over the whole catalog, with the training positives as its
    // collaborative data; only the universe's films can be hits, so its list is cut to them.
    const movies = [...catalog.byId.values()];
    const indexOf = new Map(movies.map((mv, i) => [mv.id, i]));
    const isCandidate = (mv: CatalogMovie) => mv.vote_count >= MIN_VOTES_TO_RECOMMEND;
    const content = servedContent(movies, isCandidate);
    const toMatrix = new Map<number, number>();
    m.itemIds.forEach((id, mi) => {
      const ci = indexOf.get(id);
      if (ci !== undefined) toMatrix.set(ci, mi);
    });
    const cf = { matrix: m, toMatrix, toCatalog: Int32Array.from(m.itemIds, (id) => indexOf.get(id) ?? -1) };
    const ranker = new SimilarRanker(movies, content, isCandidate, cf);
    // Hubness over the universe's films as seeds (the served build counts over every film).
    const counts = new Int32Array(movies.length);
    for (const ci of toMatrix.keys()) for (const j of topOf(ranker.relevance(ci), 10)) counts[j]!++;
    ranker.setHubness(counts);
    const universe = new Set(m.itemIds);
    methods[SERVED] = (seed) => {
      const ci = indexOf.get(seed);
      if (ci === undefined) return [];
      return ranker
        .rank(ci, 120)
        .map(([j]) => movies[j]!.id)
        .filter((id) => universe.has(id))
        .slice(0, 20);
    };
  }

  const results: Record<string, Metrics> = {};
  const perCase: Record<string, Float64Array> = {};
  for (const [name, rank] of Object.entries(methods)) {
    const started = performance.now();
    const ranked = cases.map((c) => ({ list: rank(c.seed), target: c.target }));
    results[name] = computeMetrics(ranked, n, popOf);
    perCase[name] = ndcgPerCase(ranked);
    log(
      `${name}: NDCG@10 ${results[name].ndcg10.toFixed(4)} (${Math.round(performance.now() - started)} ms)`,
    );
  }
  const servedVs: Record<string, PairedInterval> = {};
  if (perCase[SERVED])
    for (const name of Object.keys(perCase))
      if (name !== SERVED)
        servedVs[name] = pairedBootstrap(
          perCase[SERVED],
          perCase[name]!,
          2000,
          13,
          cases.map((c) => c.user),
        );
  const best =
    BASELINES.filter((b) => results[b]).sort((a, b) => results[b]!.ndcg10 - results[a]!.ndcg10)[0] ?? '';
  return {
    protocol: split === 'per-user' ? PER_USER_PROTOCOL : GLOBAL_PROTOCOL,
    cut: new Date(cut * 1000).toISOString(),
    cases: cases.length,
    users: new Set(cases.map((c) => c.user)).size,
    universe_items: n,
    train_positives: train.length,
    params: { ease_lambda: easeLambda, rp3_alpha: RP3_ALPHA, rp3_beta: rp3Beta },
    methods: results,
    served_vs: servedVs,
    best_baseline: best,
  };
}
