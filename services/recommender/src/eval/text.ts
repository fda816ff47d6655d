import type { CatalogIndex, CatalogMovie } from '@app/catalog';
// The chat's catalog-trained vectors (reflective random indexing, 128-d), reused, not copied.
import { SemanticIndex, trainSemantic } from '@app/catalog';
import { POSITIVE_THRESHOLD, type Interaction } from '../data/interactions';
import { ContentModel, type ContentSimilarity } from '../model/content';
import { ImplicitMatrix } from '../model/implicit';
import { SimilarRanker, yearOf } from '../model/similar';
import { RescoredContent } from '../model/text-vectors';
import { topK } from '../model/topk';
import { MIN_VOTES_TO_RECOMMEND } from '../train/build-model';

/** Cosine of the chat's catalog vectors, as a content similarity (negative cosines count as 0). */
export class VectorContent implements ContentSimilarity {
  private readonly index: SemanticIndex;
  constructor(
    private readonly movies: CatalogMovie[],
    isCandidate: (m: CatalogMovie) => boolean,
  ) {
    this.index = new SemanticIndex(trainSemantic(movies));
    this.candidate = Uint8Array.from(movies, (m) => (isCandidate(m) ? 1 : 0));
  }
  private readonly candidate: Uint8Array;
  similarities(seed: number, out = new Float64Array(this.movies.length), allowed?: Uint8Array): Float64Array {
    const id = this.movies[seed]!.id;
    for (let j = 0; j < this.movies.length; j++)
      out[j] =
        this.candidate[j] && j !== seed && (!allowed || allowed[j])
          ? Math.max(0, this.index.similarity(id, this.movies[j]!.id))
          : 0;
    return out;
  }
}

/** share · vectors + (1 − share) · TF-IDF, each scaled by its own best neighbour. */
export class BlendContent implements ContentSimilarity {
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  constructor(
    private readonly tfidf: ContentSimilarity,
    private readonly vectors: ContentSimilarity,
    private readonly share: number,
    n: number,
  ) {
    this.a = new Float64Array(n);
    this.b = new Float64Array(n);
  }
  similarities(seed: number, out = new Float64Array(this.a.length), allowed?: Uint8Array): Float64Array {
    this.tfidf.similarities(seed, this.a, allowed);
    this.vectors.similarities(seed, this.b, allowed);
    let ma = 0;
    let mb = 0;
    for (let j = 0; j < out.length; j++) {
      if (this.a[j]! > ma) ma = this.a[j]!;
      if (this.b[j]! > mb) mb = this.b[j]!;
    }
    for (let j = 0; j < out.length; j++)
      out[j] = (1 - this.share) * (this.a[j]! / (ma || 1)) + this.share * (this.b[j]! / (mb || 1));
    return out;
  }
}

export interface TextRow {
  /** Films with ratings, their ratings ignored: precision@10 of the text's neighbours against the 20 films most co-liked with them (≥ 8 users). */
  coliked_precision10: number;
  coliked_seeds: number;
  /** Films with no rating at all (true cold start), the served ranking on this text alone: */
  cold_seeds: number;
  main_genre_share: number;
  franchise_recall: number;
  near_year_share: number;
  seconds: number;
}

/**
 * Text for cold-start titles: TF-IDF (served) against the chat's catalog-trained vectors and a
 * blend, measured (1) on films with ratings treated as cold (do the text neighbours find the films
 * people co-like?) and (2) on films nobody rated, through the served ranking (audience rules,
 * MMR; no collaborative data, no hubness): main genre kept, franchise found, ±2 years.
 */
export function compareText(
  interactions: Interaction[],
  catalog: CatalogIndex,
  log: (m: string) => void = () => {},
): Record<string, TextRow> {
  const movies = [...catalog.byId.values()];
  const indexOf = new Map(movies.map((m, i) => [m.id, i]));
  const isCandidate = (m: CatalogMovie) => m.vote_count >= MIN_VOTES_TO_RECOMMEND;
  const positives = interactions.filter((r) => r.rating >= POSITIVE_THRESHOLD && indexOf.has(r.item));
  const m = new ImplicitMatrix(positives);
  const rated = new Set(m.itemIds);
  const truth = colikedTruth(m, indexOf);
  // (2) seeds: every 40th recommendable film nobody rated.
  const cold: number[] = [];
  movies.forEach((mv, i) => {
    if (!rated.has(mv.id) && isCandidate(mv) && mv.vote_count >= 50 && i % 40 === 0) cold.push(i);
  });
  const byCollection = new Map<number, number[]>();
  movies.forEach((mv, i) => {
    if (mv.collection && isCandidate(mv)) {
      let l = byCollection.get(mv.collection.id);
      if (!l) byCollection.set(mv.collection.id, (l = []));
      l.push(i);
    }
  });

  const tfidf = new ContentModel(movies, { isCandidate });
  const started = performance.now();
  const vectors = new VectorContent(movies, isCandidate);
  log(`catalog vectors trained in ${Math.round(performance.now() - started)} ms`);
  const variants: [string, ContentSimilarity][] = [
    ['TF-IDF alone (served before 0016)', tfidf],
    ['catalog vectors (128-d)', vectors],
    ['blend 0.25 vectors', new BlendContent(tfidf, vectors, 0.25, movies.length)],
    ['blend 0.5 vectors', new BlendContent(tfidf, vectors, 0.5, movies.length)],
    ['TF-IDF top 300 re-scored, 0.25 vectors', new RescoredContent(movies, tfidf, 0.25)],
    ['TF-IDF top 300 re-scored, 0.5 vectors', new RescoredContent(movies, tfidf, 0.5)],
  ];
  const out: Record<string, TextRow> = {};
  const buf = new Float64Array(movies.length);
  for (const [name, sim] of variants) {
    const t0 = performance.now();
    let hits = 0;
    for (const [seed, set] of truth) {
      sim.similarities(seed, buf);
      for (let j = 0; j < buf.length; j++) if (!rated.has(movies[j]!.id)) buf[j] = 0;
      for (const j of topK(buf, 10, seed)) if (set.has(movies[j]!.id)) hits++;
    }
    const ranker = new SimilarRanker(movies, sim, isCandidate, null);
    const { picks, genre, near, nonFranchise, members, found } = coldCounts(
      movies,
      ranker,
      cold,
      byCollection,
    );
    out[name] = {
      coliked_precision10: hits / (10 * truth.size || 1),
      coliked_seeds: truth.size,
      cold_seeds: cold.length,
      main_genre_share: genre / (picks || 1),
      franchise_recall: found / (members || 1),
      near_year_share: near / (nonFranchise || 1),
      seconds: Math.round((performance.now() - t0) / 1000),
    };
    log(`text · ${name}: ${JSON.stringify(out[name])}`);
  }
  return out;
}

/** Seeds every 3rd film with at least 30 positives (catalog index); truth: its 20 most co-liked films (cosine, ≥ 8 users). */
function colikedTruth(m: ImplicitMatrix, indexOf: Map<number, number>): Map<number, Set<number>> {
  const truth = new Map<number, Set<number>>();
  for (let i = 0; i < m.nItems; i += 3) {
    if (m.count(i) < 30) continue;
    const co = m.cosineFrom(i);
    const support = new Float64Array(m.nItems);
    for (const u of m.itemUsers[i]!) for (const j of m.userItems[u]!) support[j]! += 1;
    for (let j = 0; j < co.length; j++) if (support[j]! < 8) co[j] = 0;
    const top = topK(co, 20, i).map((j) => m.itemIds[j]!);
    if (top.length >= 10) truth.set(indexOf.get(m.itemIds[i]!)!, new Set(top));
  }
  return truth;
}

/**
 * The served ranking's top 10 for each cold seed: picks, those of the seed's main genre, those
 * (outside its franchise) within two years, and its franchise members found of those there are.
 */
function coldCounts(
  movies: CatalogMovie[],
  ranker: SimilarRanker,
  cold: number[],
  byCollection: Map<number, number[]>,
) {
  let picks = 0;
  let genre = 0;
  let near = 0;
  let nonFranchise = 0;
  let members = 0;
  let found = 0;
  for (const seed of cold) {
    const s = movies[seed]!;
    const list = ranker.rank(seed, 10).map(([j]) => j);
    const mates = s.collection ? (byCollection.get(s.collection.id) ?? []).filter((j) => j !== seed) : [];
    members += Math.min(10, mates.length);
    found += list.filter((j) => mates.includes(j)).length;
    for (const j of list) {
      const c = movies[j]!;
      picks++;
      if (s.genre_ids[0] === undefined || c.genre_ids.includes(s.genre_ids[0])) genre++;
      if (mates.includes(j)) continue;
      nonFranchise++;
      const ys = yearOf(s);
      const yc = yearOf(c);
      if (ys !== null && yc !== null && Math.abs(ys - yc) <= 2) near++;
    }
  }
  return { picks, genre, near, nonFranchise, members, found };
}
