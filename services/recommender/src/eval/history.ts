import { fitsAfter, isFeatureFilm, type CatalogIndex, type CatalogMovie } from '@app/catalog';
import type { Interaction } from '../data/interactions';
import { ContentModel } from '../model/content';
import { EaseModel } from '../model/ease';
import { FOR_YOU, rankForYou, trendingOf } from '@app/contracts/for-you';
import {
  collaborativeNeighbours,
  HISTORY,
  rankHistory,
  type CollaborativeMethod,
  type HistoryOptions,
} from '../model/history-scorer';
import { ImplicitMatrix } from '../model/implicit';
import { SimilarRanker } from '../model/similar';
import { servedContent } from '../model/text-vectors';
import { topK } from '../model/topk';
import { MIN_VOTES_TO_RECOMMEND, topOf } from '../train/build-model';
import {
  computeMetrics,
  ndcgPerCase,
  pairedBootstrap,
  SESSION_GAP_SECONDS,
  splitOf,
  type Metrics,
  type SplitKind,
  type PairedInterval,
} from './protocol';
import { universeMoviesOf } from './universe';

export const SERVED_FOR_YOU =
  'served "For you" (item-kNN over the whole history + content neighbours + popular-lately prior)';
export const PREVIOUS_FOR_YOU = 'previous "For you" (neighbours of recent films + popular-lately prior)';
export const POPULAR_LATELY = 'popular lately (reference: the prior alone)';
export const HISTORY_BASELINES = [
  'TopPop',
  'item-kNN (cosine)',
  'RP3beta',
  'EASE',
  'content only (TF-IDF)',
] as const;

export interface HistoryResult {
  protocol: string;
  cut: string;
  cases: number;
  users: number;
  params: Record<string, number>;
  /** The served row's collaborative method (decision 0038). */
  collaborative_method: string;
  methods: Record<string, Metrics>;
  served_vs: Record<string, PairedInterval>;
  best_baseline: string;
}

/**
 * The same global temporal split and targets as the one-seed protocol, but each method is asked
 * the question "For you" answers: the user's whole history before the target (training
 * positives more than 24 h before it) → a ranked list. Baselines sum their item-to-item scores
 * over the history (EASE: x·B); the served "For you" is `rankForYou` over the served ranking's
 * lists of the user's 12 most recent films, with the popular-lately prior computed from the
 * training positives alone (its "lately" is the cut).
 */
export function runHistoryEvaluation(
  interactions: Interaction[],
  catalog: CatalogIndex,
  opts: {
    easeLambda: number;
    rp3Beta: number;
    prior?: number;
    tauDays?: number;
    validation?: boolean;
    only?: string[];
    log?: (msg: string) => void;
    /** 'global' (one cut date, the default) or 'per-user' (each user's own cut: the second protocol). */
    split?: SplitKind;
    /** The served row's knobs (decision 0027); minSupport: pairs need this many users. */
    history?: HistoryOptions & {
      minSupport?: number;
      neighboursKept?: number;
      method?: CollaborativeMethod;
      rp3Beta?: number;
      easeLambda?: number;
    };
  },
): HistoryResult {
  const log = opts.log ?? (() => {});
  const split = opts.split ?? 'global';
  // What does not depend on the knobs is kept across a validation grid's calls.
  const memo = memoOf(interactions, `${split}:${opts.validation ?? false}`);
  const once = <T>(key: string, make: () => T): T => {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key) as T;
  };
  const { cases, train, cut } = once('split', () =>
    splitOf(interactions, split, { validation: opts.validation ?? false }),
  );
  const m = once('matrix', () => new ImplicitMatrix(train));
  const n = m.nItems;
  const pop = m.popularity();
  const popOf = (item: number) => pop[m.itemIndex.get(item) ?? -1] ?? 0;
  const selected = (name: string) => !opts.only || opts.only.some((o) => name.toLowerCase().includes(o));
  const prior = opts.prior ?? FOR_YOU.prior;
  const tauDays = opts.tauDays ?? FOR_YOU.trendingTauDays;

  // Each case's history: the user's training positives more than 24 h before the target, newest first.
  const histories = once('histories', () => {
    const byUser = new Map<number, typeof train>();
    for (const p of train) {
      let l = byUser.get(p.user);
      if (!l) byUser.set(p.user, (l = []));
      l.push(p);
    }
    return cases.map((c) =>
      (byUser.get(c.user) ?? [])
        .filter((p) => p.timestamp < c.time - SESSION_GAP_SECONDS)
        .sort((a, b) => b.timestamp - a.timestamp || a.item - b.item)
        .map((p) => p.item),
    );
  });
  const ids = (list: number[]) => list.map((i) => m.itemIds[i]!);
  // Sum of item-to-item scores over a history (indices of the matrix), history excluded.
  const summed = (f: (i: number) => Float64Array, cap = Infinity) => {
    const memo = new Map<string, number[]>();
    return (ci: number) => {
      const h = histories[ci]!.slice(0, cap);
      const key = `${cases[ci]!.user}:${h.length}`;
      const hit = memo.get(key);
      if (hit) return hit;
      const acc = new Float64Array(n);
      const own = h.map((id) => m.itemIndex.get(id)!);
      for (const i of own) {
        const s = f(i);
        for (let j = 0; j < n; j++) acc[j]! += s[j]!;
      }
      for (const i of own) acc[i] = 0;
      const out = ids(topK(acc, 20));
      memo.set(key, out);
      return out;
    };
  };
  const methods: Record<string, (ci: number) => number[]> = {};
  if (selected('toppop'))
    methods.TopPop = (ci) => {
      const h = new Set(histories[ci]);
      return ids(topK(pop, 20 + h.size))
        .filter((id) => !h.has(id))
        .slice(0, 20);
    };
  // Popular lately as of the cut: one list for the global split; on the per-user split, one per
  // user at their own cut, from the training positives before it only (nothing later leaks in).
  const genresOf = (id: number) => {
    // As served: popular lately is feature films people know only (`trendingOf` in build-model).
    const mv = m.itemIndex.has(id) ? catalog.get(id) : undefined;
    return mv && isFeatureFilm(mv) ? mv.genre_ids : undefined;
  };
  const globalTrending = once(`global-trending:${tauDays}`, () =>
    split === 'global' ? trendingOf(train, genresOf, { tauDays, top: 300 }) : [],
  );
  const userTrending = once(`trending:${tauDays}`, () => new Map<number, ReturnType<typeof trendingOf>>());
  const trendingFor = (ci: number) => {
    const c = cases[ci]!;
    if (split === 'global' || c.cut === undefined) return globalTrending;
    let t = userTrending.get(c.user);
    if (!t) {
      const before = train.filter((p) => p.timestamp < c.cut!);
      t = trendingOf(before, genresOf, { tauDays, top: 300, now: c.cut });
      userTrending.set(c.user, t);
    }
    return t;
  };
  if (selected('lately'))
    methods[POPULAR_LATELY] = (ci) => {
      const h = new Set(histories[ci]);
      return trendingFor(ci)
        .map((t) => t.item)
        .filter((id) => !h.has(id))
        .slice(0, 20);
    };
  if (selected('knn')) methods['item-kNN (cosine)'] = summed((i) => m.cosineFrom(i));
  if (selected('rp3')) methods.RP3beta = summed((i) => m.rp3betaFrom(i, 0.8, opts.rp3Beta));
  if (selected('ease')) {
    log(`training EASE (λ ${opts.easeLambda})…`);
    const ease = new EaseModel(m, opts.easeLambda, 3);
    methods.EASE = summed((i) => {
      const s = ease.scoresFrom(i, n);
      for (let j = 0; j < n; j++) if (s[j]) s[j] = s[j]! - 1e6; // back to B's own values
      return s;
    });
  }
  const universeMovies = universeMoviesOf(m.itemIds, catalog);
  if (selected('content')) {
    const content = new ContentModel(universeMovies);
    methods['content only (TF-IDF)'] = summed((i) => content.similarities(i));
  }
  const historyOpts = opts.history ?? {};
  const knobs = servedKnobs(historyOpts);
  const { minSupport, kept, method, servedRp3Beta, servedLambda } = knobs;
  if (selected('served')) {
    const listOf = servedLists(train, interactions, catalog, `${split}:${opts.validation ?? false}`);
    // Collaborative neighbours from the training positives only, under the same kind rule as served.
    const collab = once(
      `collaborative:${method}:${minSupport}:${kept}:${servedRp3Beta}:${servedLambda}`,
      () => new Map<number, number[] | undefined>(),
    );
    // As built (build-model): items with at least 3 positives.
    const ease =
      method === 'ease' ? once(`ease:${servedLambda}`, () => new EaseModel(m, servedLambda, 3)) : undefined;
    const fits = (a: number, b: number) => {
      const sa = catalog.get(a);
      const sb = catalog.get(b);
      return !!sa && !!sb && fitsAfter(sa, sb);
    };
    const collabOf = (id: number) => {
      if (!collab.has(id))
        collab.set(
          id,
          collaborativeNeighbours(m, fits, {
            items: [id],
            minSupport,
            k: kept,
            method,
            rp3Beta: servedRp3Beta,
            ease: (i) => ease?.rowOf(i, n),
          }).get(id),
        );
      return collab.get(id);
    };
    const timeOf = once('timeOf', () => {
      const t = new Map<string, number>();
      for (const p of train) t.set(`${p.user}:${p.item}`, p.timestamp);
      return t;
    });
    methods[SERVED_FOR_YOU] = (ci) => {
      const h = histories[ci]!;
      const user = cases[ci]!.user;
      return rankHistory(
        h.map((item) => ({ item, weight: 1, timestamp: timeOf.get(`${user}:${item}`)! })),
        {
          collaborative: collabOf,
          content: listOf,
          trending: trendingFor(ci),
          genresOf: (id) => catalog.get(id)?.genre_ids,
        },
        new Set(h),
        historyOpts,
      ).map((p) => p.item);
    };
  }
  if (selected('previous')) {
    const listOf = servedLists(train, interactions, catalog, `${split}:${opts.validation ?? false}`);
    // The row as a person would see it (20 films of the whole catalog): a film outside the
    // training items is simply not a hit.
    methods[PREVIOUS_FOR_YOU] = (ci) => {
      const h = histories[ci]!;
      const seeds = [...new Set(h)].slice(0, 12).map((item) => ({
        item,
        weight: 1,
        genres: catalog.get(item)?.genre_ids ?? [],
      }));
      return rankForYou(
        seeds,
        seeds.map((s) => listOf(s.item)),
        trendingFor(ci),
        new Set(h),
        { prior },
      ).map((p) => p.item);
    };
  }

  const results: Record<string, Metrics> = {};
  const perCase: Record<string, Float64Array> = {};
  for (const [name, rank] of Object.entries(methods)) {
    const started = performance.now();
    const ranked = cases.map((c, ci) => ({ list: rank(ci), target: c.target }));
    results[name] = computeMetrics(ranked, n, popOf);
    perCase[name] = ndcgPerCase(ranked);
    log(
      `history · ${name}: NDCG@10 ${results[name].ndcg10.toFixed(4)} (${Math.round(performance.now() - started)} ms)`,
    );
  }
  const servedVs = servedVsOthers(
    perCase,
    cases.map((c) => c.user),
  );
  const best = bestBaseline(results);
  return {
    protocol:
      (split === 'per-user'
        ? 'the per-user temporal holdout (each user cut at the 80th percentile of their own positive times) and its targets'
        : 'the same global temporal split and targets') +
      '; each method ranks from the user history before the target (training positives more than 24 h before it); baselines sum item-to-item scores over the history; bootstrap intervals resample users',
    cut: new Date(cut * 1000).toISOString(),
    cases: cases.length,
    users: new Set(cases.map((c) => c.user)).size,
    params: {
      prior,
      trending_tau_days: tauDays,
      ease_lambda: opts.easeLambda,
      rp3_beta: opts.rp3Beta,
      ...historyParams(historyOpts, knobs),
    },
    collaborative_method: method,
    methods: results,
    served_vs: servedVs,
    best_baseline: best,
  };
}

/** The served row's collaborative knobs: the options given, else the served ones (HISTORY). */
function servedKnobs(historyOpts: NonNullable<Parameters<typeof runHistoryEvaluation>[2]['history']>) {
  return {
    minSupport: historyOpts.minSupport ?? HISTORY.minSupport,
    kept: historyOpts.neighboursKept ?? HISTORY.neighboursKept,
    method: historyOpts.method ?? HISTORY.method,
    servedRp3Beta: historyOpts.rp3Beta ?? HISTORY.rp3Beta,
    servedLambda: historyOpts.easeLambda ?? HISTORY.easeLambda,
  };
}

/** The served row's knobs as the result's `history_*` params. */
function historyParams(
  historyOpts: HistoryOptions,
  knobs: ReturnType<typeof servedKnobs>,
): Record<string, number> {
  return {
    history_collaborative: historyOpts.collaborative ?? HISTORY.collaborative,
    history_prior: historyOpts.prior ?? HISTORY.prior,
    history_recency_tau_days: historyOpts.recencyTauDays ?? HISTORY.recencyTauDays,
    history_min_support: knobs.minSupport,
    history_neighbours_kept: knobs.kept,
    history_collaborative_half_at: historyOpts.collaborativeHalfAt ?? HISTORY.collaborativeHalfAt,
    history_rp3_beta: knobs.servedRp3Beta,
    history_ease_lambda: knobs.servedLambda,
  };
}

/** The served row against each other method: paired bootstrap intervals of NDCG per case (resampling users). */
function servedVsOthers(
  perCase: Record<string, Float64Array>,
  users: number[],
): Record<string, PairedInterval> {
  const servedVs: Record<string, PairedInterval> = {};
  if (perCase[SERVED_FOR_YOU])
    for (const name of Object.keys(perCase))
      if (name !== SERVED_FOR_YOU)
        servedVs[name] = pairedBootstrap(perCase[SERVED_FOR_YOU], perCase[name]!, 2000, 13, users);
  return servedVs;
}

/** The baseline with the best NDCG@10 ('' when none ran). */
function bestBaseline(results: Record<string, Metrics>): string {
  return (
    HISTORY_BASELINES.filter((b) => results[b]).sort((a, b) => results[b]!.ndcg10 - results[a]!.ndcg10)[0] ??
    ''
  );
}

const memos = new WeakMap<Interaction[], Map<string, Map<string, unknown>>>();
function memoOf(interactions: Interaction[], key: string): Map<string, unknown> {
  let bySplit = memos.get(interactions);
  if (!bySplit) memos.set(interactions, (bySplit = new Map()));
  let m = bySplit.get(key);
  if (!m) bySplit.set(key, (m = new Map()));
  return m;
}

/** The served ranking's lists for one split, kept across the validation grid (they do not depend on the prior). */
const listCache = new WeakMap<Interaction[], Map<string, (id: number) => number[]>>();

function servedLists(
  train: { user: number; item: number; timestamp: number }[],
  interactions: Interaction[],
  catalog: CatalogIndex,
  validation: string,
): (id: number) => number[] {
  let bySplit = listCache.get(interactions);
  if (!bySplit) listCache.set(interactions, (bySplit = new Map()));
  const hit = bySplit.get(validation);
  if (hit) return hit;
  const m = new ImplicitMatrix(train);
  const movies = [...catalog.byId.values()];
  const indexOf = new Map(movies.map((mv, i) => [mv.id, i]));
  const isCandidate = (mv: CatalogMovie) => mv.vote_count >= MIN_VOTES_TO_RECOMMEND;
  const content = servedContent(movies, isCandidate);
  const toMatrix = new Map<number, number>();
  m.itemIds.forEach((id, mi) => {
    const ci = indexOf.get(id);
    if (ci !== undefined) toMatrix.set(ci, mi);
  });
  const cf = {
    matrix: m,
    toMatrix,
    toCatalog: Int32Array.from(m.itemIds, (id) => indexOf.get(id) ?? -1),
  };
  const ranker = new SimilarRanker(movies, content, isCandidate, cf);
  const counts = new Int32Array(movies.length);
  for (const ci of toMatrix.keys()) for (const j of topOf(ranker.relevance(ci), 10)) counts[j]!++;
  ranker.setHubness(counts);
  const lists = new Map<number, number[]>();
  const listOf = (id: number) => {
    let l = lists.get(id);
    if (!l) {
      const ci = indexOf.get(id);
      l = ci === undefined ? [] : ranker.rank(ci, FOR_YOU.perSeed).map(([j]) => movies[j]!.id);
      lists.set(id, l);
    }
    return l;
  };
  bySplit.set(validation, listOf);
  return listOf;
}
