import {
  fitsAfter,
  isFeatureFilm,
  MIN_VOTES_TO_RECOMMEND,
  type CatalogIndex,
  type CatalogMovie,
} from '@app/catalog';
import { contentFingerprint } from '../catalog-generation';
import { POSITIVE_THRESHOLD, type Interaction } from '../data/interactions';
import { ARTIFACT_FORMAT, newVersion, type ModelArtifact, type StreamedFields } from '../model/artifact';
import { EaseModel } from '../model/ease';
import { trendingOf } from '@app/contracts/for-you';
import { collaborativeNeighbours, HISTORY } from '../model/history-scorer';
import { ImplicitMatrix } from '../model/implicit';
import { mainGenre, SimilarRanker, SIMILAR } from '../model/similar';
import { servedContent, VECTOR_SHARE } from '../model/text-vectors';
import { ratingsDecide, signalsFingerprint, signalWeight, type Signal } from './signals';
import { CandidateCache } from './candidate-cache';

export const NEIGHBOURS_KEPT = 50;
/** EASE (when "For you"'s collaborative part uses it) keeps films with this many signals (`EaseModel` counts every signal; inactive while the pair score is item-kNN). */
export const EASE_MIN_POSITIVES = 3;
/** Movies with fewer votes are still seeds (they get neighbours) but are not recommended (`@app/catalog`'s kind rule). */
export { MIN_VOTES_TO_RECOMMEND };
/** Candidates per seed kept between the two passes. */
const CACHED = 200;
/**
 * The first pass's candidate cache holds at most this many (id, score) entries in memory, 8 bytes
 * each (80 MB): every seed of the 45k catalog; past 50k films it is written to a file and read back
 * in the second pass (`CandidateCache`, decision 0107; a million films cached in memory were 1.6 GB
 * of the trainer's memory, and scored again instead, half of its time).
 */
export const CACHE_ENTRIES = 10_000_000;

export interface TrainInput {
  catalog: CatalogIndex;
  ratings?: { path: string; interactions: Interaction[] } | undefined;
  /** The product's own implicit feedback (likes, watched, watchlist, playlists), as (user, tmdbId). */
  signals?: Signal[] | undefined;
  onProgress?: (done: number, total: number) => void;
  now?: Date;
  /** The synced catalog's generation the catalog was read at (`catalog/current.json`); absent offline. */
  catalogGeneration?: number | null | undefined;
  /**
   * Where each film's list, rating, genres and fingerprint go as they are made (the trainer's
   * files, decision 0103); the artifact's records of them are then empty and `writeArtifact` is
   * given the same `StreamedFields`. Without it they are held in the artifact.
   */
  stream?: StreamedFields | undefined;
  /** The first-pass cache's entries held in memory (default `CACHE_ENTRIES`); beyond, on file. */
  cacheEntries?: number | undefined;
}

/**
 * Trains the served model and returns its artifact: "more like this" for every catalog movie
 * (SimilarRanker: franchise first, content and well-supported collaborative evidence, audience
 * kept, years and popularity spread by MMR, hubs damped). Two passes: the first counts how often
 * each film lands in a top 10, the second damps those hubs.
 */
export function buildModel(input: TrainInput): ModelArtifact {
  const steps = buildSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** One seed's served list on demand, from the ranker a build has made so far: `Recommendation`s, best first. */
export type OnDemand = (
  tmdbId: number,
  topN: number,
) => { tmdbId: number; rating: number; score: number }[] | null;

/**
 * `buildModel` for a process that answers meanwhile (the first model on a fresh machine, decision
 * 0080): the same build, handing the event loop back every `sliceMs`, and `onRanker` given each
 * seed's list on demand (the same list the model will hold, without the hub damping until the
 * first pass is done) as soon as the ranker is made, long before every film's list is.
 */
export async function buildModelAsync(
  input: TrainInput,
  opts: { onRanker?: (onDemand: OnDemand) => void; sliceMs?: number } = {},
): Promise<ModelArtifact> {
  const steps = buildSteps(input, opts.onRanker);
  const sliceMs = opts.sliceMs ?? 20;
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - since >= sliceMs) {
      await new Promise((r) => setImmediate(r));
      since = performance.now();
    }
  }
}

/** The build as steps (one per seed and pass): a caller may hand the event loop back between them. */
function* buildSteps(
  input: TrainInput,
  onRanker?: (onDemand: OnDemand) => void,
): Generator<void, ModelArtifact> {
  const { movies, indexOf, isCandidate, matrix, ranker } = makeRanker(input);
  const listOf = (i: number, rel: Map<number, number>) =>
    servedList(input, movies, isCandidate, ranker, i, rel);
  onRanker?.((tmdbId, topN) => {
    const i = indexOf.get(tmdbId);
    if (i === undefined) return null;
    const list = listOf(i, ranker.relevance(i));
    return list.slice(0, topN).map(([id, score]) => ({
      tmdbId: id,
      rating: input.catalog.get(id)?.vote_average ?? 0,
      score: Math.round(score * 1e6) / 1e6,
    }));
  });
  // Pass 1: every seed's candidates (kept, best CACHED first), and how often each film is in a
  // top 10, to damp hubs in pass 2 (half the progress bar each).
  const total = movies.length * 2;
  const counts = new Float64Array(movies.length);
  const neighbours: Record<string, number[]> = {};
  const ratings: Record<string, number> = {};
  const genres: Record<string, number[]> = {};
  const fingerprints: Record<string, number> = {};
  const records: Record<string, Record<string, unknown>> = { neighbours, ratings, genres, fingerprints };
  const stream = input.stream;
  const put: Put = stream
    ? (field, id, value) => stream.put(field, id, value)
    : (field, id, value) => void (records[field]![id] = value);
  // Every seed's candidates, in memory or (a large catalog's) on file beside the streamed lists.
  const cache = new CandidateCache(
    movies.length,
    CACHED,
    input.cacheEntries ?? CACHE_ENTRIES,
    input.stream?.dir,
  );
  try {
    for (let i = 0; i < movies.length; i++) {
      const top = [...ranker.relevance(i, false)].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, CACHED);
      cache.put(i, top);
      for (const j of hubTop(ranker, i, top)) counts[j]! += ranker.hubWeight(i, j);
      if (input.onProgress && i % 500 === 0) input.onProgress(i, total);
      yield;
    }
    ranker.setHubness(counts);
    yield* secondPass(input, movies, ranker, cache, listOf, put, total);
  } finally {
    cache.dispose();
  }
  input.onProgress?.(total, total);
  const trending = trendingFor(input);
  const collaborative = matrix ? collaborativeLists(input, matrix, isCandidate) : {};

  return {
    format: ARTIFACT_FORMAT,
    version: newVersion(input.now),
    algorithm: matrix
      ? 'similar: franchise first; TF-IDF content by field, countries among them (re-scored with catalog-trained vectors) + RP3beta on pairs with enough support, blended by evidence n/(n+k); audience and genre overlap kept; MMR over year and popularity; hubs damped'
      : 'similar (content): franchise first; TF-IDF by field over genres, keywords, overview, companies, decade, language, countries, collection, its best 300 re-scored with catalog-trained vectors; audience and genre overlap kept; MMR over year and popularity; hubs damped',
    trained_at: (input.now ?? new Date()).toISOString(),
    params: {
      ...SIMILAR,
      neighbours_kept: NEIGHBOURS_KEPT,
      text_vector_share: VECTOR_SHARE,
      min_votes_to_recommend: MIN_VOTES_TO_RECOMMEND,
      ...Object.fromEntries(Object.entries(HISTORY).map(([k, v]) => [`history_${k}`, v])),
    },
    sources: modelSources(input, movies.length, matrix),
    items: movies.length,
    ratings,
    neighbours,
    genres,
    ...(matrix ? { collaborative } : {}),
    trending,
    fingerprints,
  };
}

type Put = (field: string, id: number, value: unknown) => void;

/**
 * Pass 2: each film's list, rating, genres and fingerprint, to `put`. A seed's relevance is its
 * cached first-pass candidates times their hub damping.
 */
function* secondPass(
  input: TrainInput,
  movies: CatalogMovie[],
  ranker: SimilarRanker,
  cache: CandidateCache,
  listOf: (i: number, rel: Map<number, number>) => [number, number][],
  put: Put,
  total: number,
): Generator<void, void> {
  for (let i = 0; i < movies.length; i++) {
    const m = movies[i]!;
    put('ratings', m.id, m.vote_average);
    put('genres', m.id, m.genre_ids);
    put('fingerprints', m.id, contentFingerprint(m));
    // A seed with collaborative evidence is scored again: its hub damping also acts inside the
    // collaborative part (decision 0026), which the cached first pass cannot redo. On content
    // alone the damping is one factor, so the cache times it is the same relevance.
    let rel: Map<number, number>;
    if (ranker.evidence(i) > 0) rel = ranker.relevance(i);
    else {
      const r = new Map<number, number>();
      const hub = ranker.hub!;
      cache.forEach(i, (j, c) => r.set(j, c * hub[j]!));
      rel = r;
    }
    const ranked = listOf(i, rel);
    put(
      'neighbours',
      m.id,
      ranked.flatMap(([id, s]) => [id, Math.round(s * 1e6) / 1e6]),
    );
    if (input.onProgress && i % 500 === 0) input.onProgress(movies.length + i, total);
    yield;
  }
}

/** "For you"'s popular-lately prior, from the ratings' positives and the product's signals. */
function trendingFor(input: TrainInput): ModelArtifact['trending'] {
  return trendingOf(
    [
      ...(input.ratings?.interactions ?? [])
        .filter((r) => r.rating >= POSITIVE_THRESHOLD)
        .map(({ user, item, timestamp }) => ({ user, item, timestamp })),
      ...(input.signals ?? []).map((s) => ({
        user: `product:${s.user}`,
        item: s.item,
        timestamp: s.timestamp,
        weight: signalWeight(s),
      })),
    ],
    (id) => {
      const m = input.catalog.get(id);
      // Popular lately has no seed: feature films people know only.
      return m && isFeatureFilm(m) ? m.genre_ids : undefined;
    },
  );
}

/**
 * "For you" over a whole history (decision 0027): each film's item-kNN neighbours, on pairs
 * enough users share, under the same kind rule as every list.
 */
function collaborativeLists(
  input: TrainInput,
  matrix: ImplicitMatrix,
  isCandidate: (m: CatalogMovie) => boolean,
): Record<string, number[]> {
  const collaborative: Record<string, number[]> = {};
  const fits = (a: number, b: number) => {
    const sa = input.catalog.get(a);
    const sb = input.catalog.get(b);
    return !!sa && !!sb && isCandidate(sb) && fitsAfter(sa, sb);
  };
  // The pair score chosen on the per-user validation split (decision 0038).
  const ease =
    HISTORY.method === 'ease' ? new EaseModel(matrix, HISTORY.easeLambda, EASE_MIN_POSITIVES) : undefined;
  for (const [id, list] of collaborativeNeighbours(matrix, fits, {
    method: HISTORY.method,
    rp3Alpha: HISTORY.rp3Alpha,
    rp3Beta: HISTORY.rp3Beta,
    ease: (i) => ease?.rowOf(i, matrix.nItems),
  }))
    collaborative[id] = list;
  return collaborative;
}

/** What a model was trained from: the catalog, the ratings and the product's signals. */
function modelSources(
  input: TrainInput,
  catalogMovies: number,
  matrix: ImplicitMatrix | null | undefined,
): ModelArtifact['sources'] {
  return {
    catalog_movies: catalogMovies,
    ...(input.ratings
      ? {
          ratings: {
            path: input.ratings.path,
            interactions: input.ratings.interactions.length,
            users: new Set(input.ratings.interactions.map((r) => r.user)).size,
            items: matrix?.nItems ?? 0,
          },
        }
      : {}),
    ...(input.signals?.length
      ? {
          product_signals: input.signals.length,
          product_signals_sha256: signalsFingerprint(input.signals)!,
        }
      : {}),
    ...(input.catalogGeneration != null ? { catalog_generation: input.catalogGeneration } : {}),
  };
}

/** One seed's kept list, [tmdbId, score] best first: the ranking's, filled up when it is thin. */
export function servedList(
  input: Pick<TrainInput, 'catalog'>,
  movies: CatalogMovie[],
  isCandidate: (m: CatalogMovie) => boolean,
  ranker: SimilarRanker,
  i: number,
  rel: Map<number, number>,
): [number, number][] {
  const m = movies[i]!;
  const ranked = ranker.rank(i, NEIGHBOURS_KEPT, rel).map(([j, s]) => [movies[j]!.id, s] as [number, number]);
  if (ranked.length < NEIGHBOURS_KEPT) {
    // Few films share anything with this one: fill up with the most popular films of its main
    // genre, then overall, scored below every real neighbour, so top_n is always met.
    const taken = new Set([m.id, ...ranked.map(([id]) => id)]);
    const floor = ranked.length ? ranked[ranked.length - 1]![1] : 1;
    const main = mainGenre(m);
    // Walked in place, not copied: a copy of the popular list was O(catalog) for each thin list.
    const pools = [main !== undefined ? input.catalog.discover([main], 'all') : [], input.catalog.popular];
    for (const pool of pools)
      for (const f of pool) {
        if (ranked.length >= NEIGHBOURS_KEPT) break;
        if (taken.has(f.id) || !isCandidate(f) || !fitsAfter(m, f)) continue;
        taken.add(f.id);
        ranked.push([f.id, floor * 0.5 ** (1 + ranked.length / NEIGHBOURS_KEPT) * 0.01]);
      }
  }
  return ranked;
}

/** The k best of a score map (catalog indices), best first. */
export function topOf(scores: Map<number, number>, k: number): number[] {
  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, k)
    .map(([j]) => j);
}

/** The served ranking over the catalog, with the collaborative data of `input` (no hubness yet). */
export function makeRanker(input: Omit<TrainInput, 'onProgress' | 'now'>) {
  const movies = [...input.catalog.byId.values()];
  const isCandidate = (m: CatalogMovie) => m.vote_count >= MIN_VOTES_TO_RECOMMEND;
  const content = servedContent(movies, isCandidate);
  const indexOf = new Map(movies.map((m, i) => [m.id, i]));

  // Collaborative part, over the movies that are in the catalog: whole histories, weighted.
  const pairs: { user: number; item: number; weight: number }[] = [];
  for (const r of input.ratings?.interactions ?? []) {
    if (r.rating >= POSITIVE_THRESHOLD && indexOf.has(r.item))
      pairs.push({ user: r.user, item: r.item, weight: 1 });
  }
  const signalUsers = new Map<string, number>();
  for (const s of ratingsDecide(input.signals ?? [])) {
    if (!indexOf.has(s.item)) continue;
    let u = signalUsers.get(s.user);
    // Product users get ids far from MovieLens ones.
    if (u === undefined) signalUsers.set(s.user, (u = 1_000_000_000 + signalUsers.size));
    pairs.push({ user: u, item: s.item, weight: signalWeight(s) });
  }
  const matrix = pairs.length ? new ImplicitMatrix(pairs) : null;
  const cf = matrix
    ? {
        matrix,
        toMatrix: new Map(
          movies.flatMap((m, i) => {
            const mi = matrix.itemIndex.get(m.id);
            return mi === undefined ? [] : [[i, mi] as [number, number]];
          }),
        ),
        toCatalog: Int32Array.from(matrix.itemIds, (id) => indexOf.get(id) ?? -1),
      }
    : null;
  const ranker = new SimilarRanker(movies, content, isCandidate, cf);
  return { movies, indexOf, isCandidate, matrix, ranker };
}

/**
 * Hubness estimated from every `step`-th seed (counts scaled by step): what the evaluation uses to
 * judge lists without two full passes over the catalog.
 */
/** The top 10 of a seed's first-pass relevance as counted for hubness: without the era factor (`eraOf`). */
function hubTop(ranker: SimilarRanker, seed: number, rel: [number, number][]): number[] {
  return rel
    .map(([j, r]) => [j, r / ranker.eraOf(seed, j)] as [number, number])
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 10)
    .map(([j]) => j);
}

export function sampledHubness(ranker: SimilarRanker, n: number, step: number): void {
  const counts = new Float64Array(n);
  for (let i = 0; i < n; i += step)
    for (const j of hubTop(ranker, i, [...ranker.relevance(i, false)]))
      counts[j]! += step * ranker.hubWeight(i, j);
  ranker.setHubness(counts);
}
