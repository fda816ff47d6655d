import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import { POSITIVE_THRESHOLD, type Interaction } from '../data/interactions';
import { ARTIFACT_FORMAT, newVersion, type ModelArtifact } from '../model/artifact';
import { ContentModel } from '../model/content';
import { ALPHA_CAP, collaborative } from '../model/hybrid';
import { ImplicitMatrix } from '../model/implicit';
import { SequenceModel } from '../model/sequence';
import { topK } from '../model/topk';
import { signalsFingerprint } from './signals';
import { HYBRID_K, RP3_ALPHA, RP3_BETA, RP3_SHARE, SEQ_BETA, SEQ_WINDOW } from '../eval/run-eval';

export const NEIGHBOURS_KEPT = 50;
/** Movies with fewer votes are still seeds (they get neighbours) but are not recommended. */
export const MIN_VOTES_TO_RECOMMEND = 10;

export interface TrainInput {
  catalog: CatalogIndex;
  ratings?: { path: string; interactions: Interaction[] } | undefined;
  /** The product's own implicit feedback (likes, watched, watchlist, playlists), as (user, tmdbId). */
  signals?: { user: string; item: number; timestamp: number }[] | undefined;
  onProgress?: (done: number, total: number) => void;
  now?: Date;
}

/** A gentle preference for films people actually saw, so a content tie goes to the known film. */
function quality(m: CatalogMovie): number {
  return 0.6 + 0.4 * Math.min(1, Math.log10(1 + m.vote_count) / 3.5);
}

/**
 * Trains the served hybrid and returns its artifact: content neighbours for every catalog movie,
 * blended with collaborative neighbours (time-local co-occurrence + RP3beta over MovieLens ratings
 * and the product's signals) by how much collaborative evidence each movie has.
 */
export function buildModel(input: TrainInput): ModelArtifact {
  const movies = [...input.catalog.byId.values()];
  const content = new ContentModel(movies, { isCandidate: (m) => m.vote_count >= MIN_VOTES_TO_RECOMMEND });
  const indexOf = new Map(movies.map((m, i) => [m.id, i]));

  // Collaborative part, over the movies that are in the catalog.
  const pairs: { user: number; item: number; timestamp: number }[] = [];
  for (const r of input.ratings?.interactions ?? []) {
    if (r.rating >= POSITIVE_THRESHOLD && indexOf.has(r.item))
      pairs.push({ user: r.user, item: r.item, timestamp: r.timestamp });
  }
  const signalUsers = new Map<string, number>();
  for (const s of input.signals ?? []) {
    if (!indexOf.has(s.item)) continue;
    let u = signalUsers.get(s.user);
    // Product users get ids far from MovieLens ones.
    if (u === undefined) signalUsers.set(s.user, (u = 1_000_000_000 + signalUsers.size));
    pairs.push({ user: u, item: s.item, timestamp: s.timestamp });
  }
  const cf = pairs.length ? new ImplicitMatrix(pairs) : null;
  const seq = cf ? new SequenceModel(cf, pairs, SEQ_WINDOW, SEQ_BETA) : null;

  const neighbours: Record<string, number[]> = {};
  const ratings: Record<string, number> = {};
  const sims = new Float64Array(movies.length);
  const seqBuf = cf ? new Float64Array(cf.nItems) : null;
  for (let i = 0; i < movies.length; i++) {
    const m = movies[i]!;
    ratings[m.id] = m.vote_average;
    content.similarities(i, sims);
    const contentTop = topK(sims, 200, i);
    let maxContent = 0;
    for (const j of contentTop) {
      const q = sims[j]! * quality(movies[j]!);
      if (q > maxContent) maxContent = q;
    }
    const scores = new Map<number, number>();
    const ci = cf?.itemIndex.get(m.id);
    const evidence = ci === undefined ? 0 : cf!.count(ci);
    const alpha = Math.min(ALPHA_CAP, evidence / (evidence + HYBRID_K));
    for (const j of contentTop) {
      scores.set(movies[j]!.id, (1 - alpha) * ((sims[j]! * quality(movies[j]!)) / (maxContent || 1)));
    }
    if (ci !== undefined && cf && seq) {
      const c = collaborative(
        seq.scoresFrom(ci, seqBuf!),
        cf.rp3betaFrom(ci, RP3_ALPHA, RP3_BETA),
        RP3_SHARE,
      );
      const cfTop = topK(c, 200, ci);
      const maxCf = cfTop.length ? c[cfTop[0]!]! : 1;
      for (const j of cfTop) {
        const id = cf.itemIds[j]!;
        const movie = input.catalog.get(id);
        if (!movie || movie.vote_count < MIN_VOTES_TO_RECOMMEND) continue;
        scores.set(id, (scores.get(id) ?? 0) + alpha * (c[j]! / maxCf));
      }
    }
    scores.delete(m.id);
    const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, NEIGHBOURS_KEPT);
    if (ranked.length < NEIGHBOURS_KEPT) {
      // Few films share anything with this one: fill up with the most popular films of its first
      // genre, then overall, scored below every real neighbour, so top_n is always met.
      const taken = new Set([m.id, ...ranked.map(([id]) => id)]);
      const floor = ranked.length ? ranked[ranked.length - 1]![1] : 1;
      const pool = [
        ...(m.genre_ids[0] ? input.catalog.discover([m.genre_ids[0]], 'all') : []),
        ...input.catalog.popular,
      ];
      for (const f of pool) {
        if (ranked.length >= NEIGHBOURS_KEPT) break;
        if (taken.has(f.id) || f.vote_count < MIN_VOTES_TO_RECOMMEND) continue;
        taken.add(f.id);
        ranked.push([f.id, floor * 0.5 ** (1 + ranked.length / NEIGHBOURS_KEPT) * 0.01]);
      }
    }
    neighbours[m.id] = ranked.flatMap(([id, s]) => [id, Math.round(s * 1e6) / 1e6]);
    if (input.onProgress && i % 500 === 0) input.onProgress(i, movies.length);
  }
  input.onProgress?.(movies.length, movies.length);

  return {
    format: ARTIFACT_FORMAT,
    version: newVersion(input.now),
    algorithm: cf
      ? 'hybrid: TF-IDF content + time-local co-occurrence + RP3beta, blended per movie by evidence n/(n+k)'
      : 'content: TF-IDF over genres, keywords, overview, companies, decade, language, collection',
    trained_at: (input.now ?? new Date()).toISOString(),
    params: {
      hybrid_k: HYBRID_K,
      rp3_alpha: RP3_ALPHA,
      rp3_beta: RP3_BETA,
      rp3_share: RP3_SHARE,
      seq_window: SEQ_WINDOW,
      seq_beta: SEQ_BETA,
      neighbours_kept: NEIGHBOURS_KEPT,
      min_votes_to_recommend: MIN_VOTES_TO_RECOMMEND,
    },
    sources: {
      catalog_movies: movies.length,
      ...(input.ratings
        ? {
            ratings: {
              path: input.ratings.path,
              interactions: input.ratings.interactions.length,
              users: new Set(input.ratings.interactions.map((r) => r.user)).size,
              items: cf?.nItems ?? 0,
            },
          }
        : {}),
      ...(input.signals?.length
        ? {
            product_signals: input.signals.length,
            product_signals_sha256: signalsFingerprint(input.signals)!,
          }
        : {}),
    },
    items: movies.length,
    ratings,
    neighbours,
  };
}
