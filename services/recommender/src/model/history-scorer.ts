/**
 * "For you" over a person's whole history (decision 0027): a collaborative part (item-kNN
 * neighbours of every film in the history, summed with the signal's weight and a recency decay;
 * a low rating's neighbours are pushed down), the content neighbours of their recent films (the
 * "more like this" lists), and the popular-lately prior within their genres. Pure: the service's
 * `POST /recommend/user` and `npm run recommender:eval` call the same `rankHistory`.
 */
import type { ForYouPick, TrendingItem } from '@app/contracts/for-you';
import type { ImplicitMatrix } from './implicit';

/**
 * Knobs chosen on the validation split of the per-user temporal protocol (never its test period),
 * by `bench/history-grid.ts` (decision 0038, 65 points: item-kNN, RP3β and EASE as the pair score,
 * neighbours kept, the collaborative share, the thin-history blend, recency, the prior; the grid is
 * its --out FILE, not committed): item-kNN, 50 neighbours, collaborative 0.6, no
 * thin-history blend, prior 0, τ 180 days (validation NDCG@10 0.0264; τ 365: 0.0259; the best
 * EASE 0.0232, the best RP3β 0.0208).
 */
export const HISTORY = {
  /** Share of the score from the collaborative part (when the model has collaborative data). */
  collaborative: 0.6,
  /**
   * Share from the popular-lately prior (when the model has one). The rest: content neighbours.
   * 0: the per-user validation split preferred no prior (0.0254 against 0.0232 with 0.15).
   */
  prior: 0,
  /** A history film's weight decays e^(−age/τ) from the newest film of the history (days). */
  recencyTauDays: 180,
  /** c · n / (n + this) for a history with n films that have collaborative neighbours (0038). */
  collaborativeHalfAt: 0,
  /** How the collaborative part scores a pair (decision 0038). */
  method: 'knn' as CollaborativeMethod,
  /** RP3β's α and β (method 'rp3'). */
  rp3Alpha: 0.8,
  rp3Beta: 0.5,
  /** EASE's λ (method 'ease'). */
  easeLambda: 100,
  /** Collaborative neighbours kept per film in the model. */
  neighboursKept: 50,
  /** Distinct users (weighted) a pair needs before it counts: a handful of accounts makes no pair. */
  minSupport: 8,
  /** Content neighbours read per film, and how many of the most recent films give them. */
  contentPerSeed: 30,
  contentSeeds: 12,
  limit: 20,
  /** At most this share of the row is brought by one film of the history while others have picks. */
  maxShareOfOneSeed: 0.4,
  /** At most this share of the row is popular-lately picks. */
  maxPopularShare: 0.5,
};

export interface HistoryEntry {
  item: number;
  /** What the signal says about taste: a like 1, want to watch 0.3, a low rating negative. */
  weight: number;
  /** Unix seconds; without it the entry is as recent as the newest. */
  timestamp?: number;
}

export interface HistorySources {
  /** A film's collaborative neighbours, [id, score, id, score, …] best first (undefined: none). */
  collaborative: (item: number) => ArrayLike<number> | undefined;
  /** A film's content neighbours ("more like this"), ids best first. */
  content: (item: number) => ArrayLike<number> | undefined;
  trending: TrendingItem[];
  /** A film's genres (main first); undefined for a film the model does not know. */
  genresOf: (item: number) => number[] | undefined;
}

export interface HistoryOptions {
  collaborative?: number;
  /**
   * With n history films that have collaborative neighbours, the collaborative share is
   * c · n / (n + this): a short history leans on content (0: the full share at once).
   */
  collaborativeHalfAt?: number;
  prior?: number;
  recencyTauDays?: number;
  contentPerSeed?: number;
  contentSeeds?: number;
  limit?: number;
  maxShareOfOneSeed?: number;
  maxPopularShare?: number;
}

/**
 * The row for a history: score = c · collaborative′ + (1 − c − p) · content′ + p · trending, each
 * part scaled to [0, 1] by its best film (a part with nothing, e.g. collaborative on the default
 * content model, gives its share to content). A pick's `because` is the history film that
 * contributed most to it (a popular-lately pick: the most recent positive film of its main genre).
 * Nothing from the history or `exclude`; no film of the history brings more than its share of the
 * row while others have picks; at most half the row is popular-lately picks.
 */
export function rankHistory(
  history: HistoryEntry[],
  sources: HistorySources,
  exclude: Set<number>,
  opts: HistoryOptions = {},
): ForYouPick[] {
  const limit = opts.limit ?? HISTORY.limit;
  const perSeed = opts.contentPerSeed ?? HISTORY.contentPerSeed;
  const tau = (opts.recencyTauDays ?? HISTORY.recencyTauDays) * 86400;
  const byItem = strongestPerFilm(history);
  // Newest first.
  const entries = [...byItem.values()].sort(
    (a, b) => (b.timestamp ?? Infinity) - (a.timestamp ?? Infinity) || a.item - b.item,
  );
  const weightOf = recencyWeight(entries, tau);
  const skip = (id: number) => exclude.has(id) || byItem.has(id);

  // Each part's contribution per (candidate, history film), then the sums.
  const collab = new Map<number, Map<number, number>>();
  const content = new Map<number, Map<number, number>>();
  for (const e of entries) {
    const w = weightOf(e);
    const list = sources.collaborative(e.item);
    if (list)
      for (let k = 0; k + 1 < list.length; k += 2) {
        const id = list[k]!;
        if (!skip(id)) addContribution(collab, id, e.item, w * list[k + 1]!);
      }
  }
  // Content: the recent films' lists (the positive ones; a disliked film's neighbours count against).
  for (const e of entries.slice(0, opts.contentSeeds ?? HISTORY.contentSeeds)) {
    const list = sources.content(e.item);
    if (!list) continue;
    const w = weightOf(e);
    for (let r = 0; r < Math.min(perSeed, list.length); r++) {
      const id = list[r]!;
      if (!skip(id)) addContribution(content, id, e.item, w * (1 - r / (perSeed + 1)));
    }
  }
  const C = partSums(collab);
  const T = partSums(content);
  const trending = sources.trending;
  const prior = trending.length ? (opts.prior ?? HISTORY.prior) : 0;
  const { cShare, tShare } = partShares(entries, sources, C.max, T.max, prior, opts);
  const { score, because } = scoreParts(collab, content, C, T, cShare, tShare);
  const popular = new Set<number>();
  if (prior > 0) addPopularLately(entries, sources, skip, prior, score, because, popular);
  return diversified(score, because, popular, limit, opts);
}

/** One entry per film of a history: the strongest signal (by magnitude); zero and NaN weights left out. */
function strongestPerFilm(history: HistoryEntry[]): Map<number, HistoryEntry> {
  const byItem = new Map<number, HistoryEntry>();
  for (const h of history) {
    if (!Number.isFinite(h.weight) || h.weight === 0) continue;
    const b = byItem.get(h.item);
    if (!b || Math.abs(h.weight) > Math.abs(b.weight)) byItem.set(h.item, h);
  }
  return byItem;
}

/** An entry's weight, decayed by its age before the newest entry (time constant `tau` seconds). */
function recencyWeight(entries: HistoryEntry[], tau: number): (e: HistoryEntry) => number {
  let newest = -Infinity;
  for (const e of entries) if (e.timestamp !== undefined && e.timestamp > newest) newest = e.timestamp;
  return (e: HistoryEntry) =>
    e.weight *
    (e.timestamp === undefined || !Number.isFinite(tau)
      ? 1
      : Math.exp(-Math.max(0, newest - e.timestamp) / tau));
}

type Contributions = Map<number, Map<number, number>>;
type PartSums = { out: Map<number, number>; max: number };

function addContribution(part: Contributions, id: number, seed: number, c: number): void {
  let m = part.get(id);
  if (!m) part.set(id, (m = new Map()));
  m.set(seed, (m.get(seed) ?? 0) + c);
}

/** Each candidate's sum of contributions to a part, and the largest. */
function partSums(part: Contributions): PartSums {
  const out = new Map<number, number>();
  let max = 0;
  for (const [id, m] of part) {
    let s = 0;
    for (const v of m.values()) s += v;
    out.set(id, s);
    if (s > max) max = s;
  }
  return { out, max };
}

/**
 * The collaborative part's share of the score (growing with the positive films that have
 * neighbours, half of `collaborative` at `collaborativeHalfAt`) and the content part's (the rest,
 * less the popular-lately prior); a part with nothing has none.
 */
function partShares(
  entries: HistoryEntry[],
  sources: HistorySources,
  cMax: number,
  tMax: number,
  prior: number,
  opts: HistoryOptions,
): { cShare: number; tShare: number } {
  let withLists = 0;
  for (const e of entries) if (e.weight > 0 && sources.collaborative(e.item)?.length) withLists++;
  const halfAt = opts.collaborativeHalfAt ?? HISTORY.collaborativeHalfAt;
  const c = opts.collaborative ?? HISTORY.collaborative;
  const cShare = cMax > 0 ? (halfAt > 0 ? (c * withLists) / (withLists + halfAt) : c) : 0;
  const tShare = tMax > 0 ? Math.max(0, 1 - cShare - prior) : 0;
  return { cShare, tShare };
}

/** Each candidate's score, and the history film that contributed most to it (`because`). */
function scoreParts(
  collab: Contributions,
  content: Contributions,
  C: PartSums,
  T: PartSums,
  cShare: number,
  tShare: number,
): { score: Map<number, number>; because: Map<number, number> } {
  const score = new Map<number, number>();
  const because = new Map<number, number>();
  for (const id of new Set([...C.out.keys(), ...T.out.keys()])) {
    const s =
      (C.max > 0 ? (cShare * (C.out.get(id) ?? 0)) / C.max : 0) +
      (T.max > 0 ? (tShare * (T.out.get(id) ?? 0)) / T.max : 0);
    score.set(id, s);
    // The history film that contributed most to this pick (both parts, as weighed in the score).
    const per = new Map<number, number>();
    for (const [seed, v] of collab.get(id) ?? []) per.set(seed, (C.max > 0 ? (cShare * v) / C.max : 0) + 0);
    for (const [seed, v] of content.get(id) ?? [])
      per.set(seed, (per.get(seed) ?? 0) + (T.max > 0 ? (tShare * v) / T.max : 0));
    let best = -1;
    let bestV = 0;
    for (const [seed, v] of per)
      if (v > bestV || (v === bestV && best === -1 && v > 0)) [best, bestV] = [seed, v];
    if (best !== -1) because.set(id, best);
  }
  return { score, because };
}

/**
 * Adds the popular-lately films (`prior` × their trending score) whose main genre a positive
 * history film has; one that is not a pick already is `popular`, because of the newest such film.
 */
function addPopularLately(
  entries: HistoryEntry[],
  sources: HistorySources,
  skip: (id: number) => boolean,
  prior: number,
  score: Map<number, number>,
  because: Map<number, number>,
  popular: Set<number>,
): void {
  const positives = entries.filter((e) => e.weight > 0);
  for (const t of sources.trending) {
    if (skip(t.item)) continue;
    const main = t.genres[0];
    const taste = positives.find((e) => main !== undefined && sources.genresOf(e.item)?.includes(main));
    if (!taste) continue;
    score.set(t.item, (score.get(t.item) ?? 0) + prior * t.score);
    if (!because.has(t.item)) {
      because.set(t.item, taste.item);
      popular.add(t.item);
    }
  }
}

/**
 * The row, best first: no history film brings more than its share of it while others have picks
 * (the rest spill to the end), and at most `maxPopularShare` of it is popular-lately picks.
 */
function diversified(
  score: Map<number, number>,
  because: Map<number, number>,
  popular: Set<number>,
  limit: number,
  opts: HistoryOptions,
): ForYouPick[] {
  const cap = Math.max(3, Math.ceil(limit * (opts.maxShareOfOneSeed ?? HISTORY.maxShareOfOneSeed)));
  const popularCap = Math.ceil(limit * (opts.maxPopularShare ?? HISTORY.maxPopularShare));
  const ranked = [...score]
    .filter(([id, s]) => s > 0 && because.has(id))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const perSeedCount = new Map<number, number>();
  const chosen: [number, number][] = [];
  const spill: [number, number][] = [];
  let popularCount = 0;
  for (const entry of ranked) {
    if (chosen.length >= limit) break;
    if (popular.has(entry[0])) {
      if (popularCount < popularCap) {
        popularCount++;
        chosen.push(entry);
      }
      continue;
    }
    const seed = because.get(entry[0])!;
    const n = perSeedCount.get(seed) ?? 0;
    if (n >= cap) spill.push(entry);
    else {
      perSeedCount.set(seed, n + 1);
      chosen.push(entry);
    }
  }
  return [...chosen, ...spill].slice(0, limit).map(([item, s]) => ({
    item,
    score: s,
    because: because.get(item)!,
    popular: popular.has(item),
  }));
}

/**
 * Each film's norm² (the sum of its positive weights squared) and count of positive signals, and
 * each user's count of positive signals.
 */
function positiveTotals(matrix: ImplicitMatrix): {
  norm: Float64Array;
  positives: Float64Array;
  userPositives: Float64Array;
} {
  const norm = new Float64Array(matrix.nItems);
  const positives = new Float64Array(matrix.nItems);
  const userPositives = new Float64Array(matrix.userItems.length);
  for (let u = 0; u < matrix.userItems.length; u++) {
    const items = matrix.userItems[u]!;
    const ws = matrix.userWeights[u]!;
    for (let q = 0; q < items.length; q++)
      if (ws[q]! > 0) {
        norm[items[q]!]! += ws[q]! * ws[q]!;
        positives[items[q]!]!++;
        userPositives[u]!++;
      }
  }
  return { norm, positives, userPositives };
}

/** The matrix indices of `items` (tmdb ids; those the matrix has), or of every film. */
function seedIndices(matrix: ImplicitMatrix, items: Iterable<number> | undefined): number[] {
  return items
    ? [...items].flatMap((id) => {
        const i = matrix.itemIndex.get(id);
        return i === undefined ? [] : [i];
      })
    : [...Array(matrix.nItems).keys()];
}

/**
 * Adds to `co`, `walk` and `support` what each film `j` shares with seed `i` through the users
 * with a positive signal for both (`touched` gains each `j` met first).
 */
function accumulatePairs(
  matrix: ImplicitMatrix,
  i: number,
  pI: number,
  alpha: number,
  userPositives: Float64Array,
  co: Float64Array,
  walk: Float64Array,
  support: Float64Array,
  touched: number[],
): void {
  for (const u of matrix.itemUsers[i]!) {
    const items = matrix.userItems[u]!;
    const ws = matrix.userWeights[u]!;
    let wi = 0;
    for (let q = 0; q < items.length; q++) if (items[q] === i) wi = ws[q]!;
    if (wi <= 0) continue;
    const pU = (1 / userPositives[u]!) ** alpha;
    for (let q = 0; q < items.length; q++) {
      const j = items[q]!;
      const wj = ws[q]!;
      if (j === i || wj <= 0) continue;
      if (co[j] === 0 && support[j] === 0) touched.push(j);
      co[j]! += wi * wj;
      walk[j]! += pI * pU * Math.min(wi, wj);
      support[j]! += Math.min(wi, wj);
    }
  }
}

/** How the personal collaborative part scores a pair (decision 0038). */
export type CollaborativeMethod = 'knn' | 'rp3' | 'ease';

/**
 * Every film's collaborative neighbours for `rankHistory`, over pairs that at least `minSupport`
 * distinct users (weighted, positive signals only) share, the best `k` that `fits(seed, candidate)`
 * allows, flat as [id, score, …] with tmdb ids. The pair's score:
 * - `knn`: cosine between the films' weighted user sets (decision 0027);
 * - `rp3`: RP3β (a walk film → user → film, each step's probability to the power α, weighted by
 *   the weaker of the two signals, the arrival film's popularity discounted by count^β);
 * - `ease`: the EASE weight B[seed][candidate] (`ease(seedIndex)` gives the row, matrix indices),
 *   only where it is positive.
 */
export function collaborativeNeighbours(
  matrix: ImplicitMatrix,
  fits: (seed: number, candidate: number) => boolean,
  opts: {
    k?: number;
    minSupport?: number;
    items?: Iterable<number>;
    method?: CollaborativeMethod;
    rp3Alpha?: number;
    rp3Beta?: number;
    ease?: (seed: number) => Float64Array | undefined;
  } = {},
): Map<number, number[]> {
  const k = opts.k ?? HISTORY.neighboursKept;
  const minSupport = opts.minSupport ?? HISTORY.minSupport;
  const method = opts.method ?? 'knn';
  const alpha = opts.rp3Alpha ?? HISTORY.rp3Alpha;
  const beta = opts.rp3Beta ?? HISTORY.rp3Beta;
  const n = matrix.nItems;
  const co = new Float64Array(n);
  const walk = new Float64Array(n);
  const support = new Float64Array(n);
  const { norm, positives, userPositives } = positiveTotals(matrix);
  const out = new Map<number, number[]>();
  const seeds = seedIndices(matrix, opts.items);
  const touched: number[] = [];
  for (const i of seeds) {
    const pI = positives[i]! > 0 ? (1 / positives[i]!) ** alpha : 0;
    accumulatePairs(matrix, i, pI, alpha, userPositives, co, walk, support, touched);
    const cands: [number, number][] = [];
    const seedId = matrix.itemIds[i]!;
    const easeRow = method === 'ease' ? opts.ease?.(i) : undefined;
    for (const j of touched) {
      if (support[j]! >= minSupport && norm[i]! > 0 && norm[j]! > 0) {
        const id = matrix.itemIds[j]!;
        const s =
          method === 'knn'
            ? co[j]! / Math.sqrt(norm[i]! * norm[j]!)
            : method === 'rp3'
              ? walk[j]! / positives[j]! ** beta
              : (easeRow?.[j] ?? 0);
        if (s > 0 && fits(seedId, id)) cands.push([id, s]);
      }
      co[j] = 0;
      walk[j] = 0;
      support[j] = 0;
    }
    touched.length = 0;
    cands.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    if (cands.length)
      out.set(
        seedId,
        cands.slice(0, k).flatMap(([id, s]) => [id, Number(s.toPrecision(6))]),
      );
  }
  return out;
}
