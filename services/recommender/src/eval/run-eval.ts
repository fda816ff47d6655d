import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import type { Interaction } from '../data/interactions';
import { ContentModel } from '../model/content';
import { EaseModel } from '../model/ease';
import { blend, collaborative } from '../model/hybrid';
import { ImplicitMatrix } from '../model/implicit';
import { KMeansOriginal } from '../model/kmeans-original';
import { SequenceModel } from '../model/sequence';
import { topK } from '../model/topk';
import { computeMetrics, leaveLastOut, type Metrics } from './protocol';

/** Chosen on the validation split (npm run recommender:eval -- --validation), never on the test targets. */
export const EASE_LAMBDA = 300;
export const HYBRID_K = Number(process.env.HYBRID_K ?? 5);
export const RP3_ALPHA = 0.8;
export const RP3_BETA = 0.35;
export const SEQ_WINDOW = Number(process.env.SEQ_WINDOW ?? 5);
export const SEQ_BETA = Number(process.env.SEQ_BETA ?? 0.3);
export const RP3_SHARE = Number(process.env.RP3_SHARE ?? 0.5);

export interface EvalResult {
  protocol: string;
  users_evaluated: number;
  universe_items: number;
  methods: Record<string, Metrics>;
}

/** Runs the leave-last-out protocol for every method over the training items as the catalog. */
export function runEvaluation(
  interactions: Interaction[],
  catalog: CatalogIndex,
  opts: { easeLambda?: number; log?: (msg: string) => void; only?: string[]; validation?: boolean } = {},
): EvalResult {
  const log = opts.log ?? (() => {});
  const { cases, train } = leaveLastOut(interactions, 5, opts.validation ?? false);
  const m = new ImplicitMatrix(train);
  const n = m.nItems;
  log(`${cases.length} users, ${train.length} training positives, ${n} items`);
  const pop = m.popularity();
  const popOf = (item: number) => pop[m.itemIndex.get(item) ?? -1] ?? 0;

  // Content over the same universe: items missing from the catalog get an empty document.
  const movies: CatalogMovie[] = m.itemIds.map(
    (id) =>
      catalog.get(id) ?? {
        id,
        imdb_id: null,
        tmdb_poster_path: null,
        tmdb_backdrop_path: null,
        title: '',
        original_title: '',
        original_language: '',
        overview: '',
        tagline: '',
        release_date: null,
        status: 'Released',
        runtime: null,
        budget: 0,
        revenue: 0,
        vote_average: 0,
        vote_count: 0,
        popularity: 0,
        poster_path: null,
        backdrop_path: '',
        genre_ids: [],
        production_companies: [],
        collection: null,
        keywords: [],
      },
  );
  const content = new ContentModel(movies);

  // The original's features: the movie's mean rating (0..1) and its one-hot genres.
  const genreList = [...new Set(movies.flatMap((x) => x.genre_ids))].sort((a, b) => a - b);
  const sums = new Float64Array(n);
  const counts = new Float64Array(n);
  for (const r of interactions) {
    const i = m.itemIndex.get(r.item);
    if (i === undefined) continue;
    sums[i]! += r.rating;
    counts[i]! += 1;
  }
  const features = movies.map((mv, i) => {
    const f = new Float64Array(1 + genreList.length);
    f[0] = counts[i] ? sums[i]! / counts[i]! / 5 : 0;
    for (const g of mv.genre_ids) f[1 + genreList.indexOf(g)] = 1;
    return f;
  });

  const seq = new SequenceModel(m, train, SEQ_WINDOW, SEQ_BETA);
  const methods: Record<string, (seed: number) => number[]> = {
    'sequence co-occurrence': (seed) => topK(seq.scoresFrom(seed), 20, seed),
    TopPop: (seed) => topK(pop, 20, seed),
    'item-kNN (cosine)': (seed) => topK(m.cosineFrom(seed), 20, seed),
    RP3beta: (seed) => topK(m.rp3betaFrom(seed, RP3_ALPHA, RP3_BETA), 20, seed),
    'content only': (seed) => topK(content.similarities(seed), 20, seed),
    'hybrid (served)': (seed) =>
      topK(
        blend(
          collaborative(seq.scoresFrom(seed), m.rp3betaFrom(seed, RP3_ALPHA, RP3_BETA), RP3_SHARE),
          content.similarities(seed),
          m.count(seed),
          HYBRID_K,
        ),
        20,
        seed,
      ),
  };
  const selected = (name: string) => !opts.only || opts.only.some((o) => name.toLowerCase().includes(o));
  if (selected('kmeans')) {
    const km = new KMeansOriginal(features);
    methods['original (KMeans k=2)'] = (seed) => km.top(seed, 20);
  }
  if (selected('ease')) {
    log('training EASE…');
    const ease = new EaseModel(m, opts.easeLambda ?? EASE_LAMBDA, 3, (d, t) => {
      if (d % 1000 === 0) log(`  EASE inversion ${d}/${t}`);
    });
    methods.EASE = (seed) => topK(ease.scoresFrom(seed, n), 20, seed);
  }

  const results: Record<string, Metrics> = {};
  for (const [name, rank] of Object.entries(methods)) {
    if (!selected(name)) continue;
    const started = performance.now();
    const ranked = cases.map((c) => ({
      list: rank(m.itemIndex.get(c.seed)!).map((i) => m.itemIds[i]!),
      target: c.target,
    }));
    results[name] = computeMetrics(ranked, n, popOf);
    log(
      `${name}: NDCG@10 ${results[name].ndcg10.toFixed(4)} (${Math.round(performance.now() - started)} ms)`,
    );
  }
  return {
    protocol:
      'positives = rating >= 4; users with >= 5 positives; target = last positive by time, seed = the one before; train on all other positives; rank all training items from the seed alone, seed excluded',
    users_evaluated: cases.length,
    universe_items: n,
    methods: results,
  };
}
