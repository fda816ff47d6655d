import { POSITIVE_THRESHOLD, type Interaction } from '../data/interactions';

export interface EvalCase {
  user: number;
  seed: number; // tmdbId
  target: number; // tmdbId
  /** When the target was rated (unix seconds). */
  time: number;
  /** The user's own cut (per-user protocol only): what "lately" means for them. */
  cut?: number;
}

export interface Metrics {
  hr10: number;
  ndcg10: number;
  recall20: number;
  coverage10: number;
  meanPopularity10: number;
  cases: number;
}

/** Metrics of ranked lists (item ids, best first) against one target each. */
export function computeMetrics(
  ranked: { list: number[]; target: number }[],
  universeSize: number,
  popularity: (item: number) => number,
): Metrics {
  let hr = 0;
  let ndcg = 0;
  let recall = 0;
  let pop = 0;
  let recCount = 0;
  const seen = new Set<number>();
  for (const { list, target } of ranked) {
    const rank = list.indexOf(target);
    if (rank >= 0 && rank < 10) {
      hr++;
      ndcg += 1 / Math.log2(rank + 2);
    }
    if (rank >= 0 && rank < 20) recall++;
    for (const item of list.slice(0, 10)) {
      seen.add(item);
      pop += popularity(item);
      recCount++;
    }
  }
  const n = ranked.length || 1;
  return {
    hr10: hr / n,
    ndcg10: ndcg / n,
    recall20: recall / n,
    coverage10: seen.size / (universeSize || 1),
    meanPopularity10: recCount ? pop / recCount : 0,
    cases: ranked.length,
  };
}

/** A seed more than this long before its target is outside the target's rating session. */
export const SESSION_GAP_SECONDS = 24 * 3600;

export interface TemporalSplit {
  cases: EvalCase[];
  train: { user: number; item: number; timestamp: number }[];
  /** Unix seconds: training keeps positives strictly before it; targets come from on or after it. */
  cut: number;
}

/**
 * Global temporal split: every positive before the cut date trains, nothing after it does. Each
 * user with positives on both sides gives up to `targetsPerUser` cases: a target is one of their
 * first positives after the cut that is a training item they had not liked before; its seed is their
 * latest training positive more than SESSION_GAP_SECONDS before it, so a rating session cannot link
 * the two. (ml-latest-small has few users on both sides of any cut: one case each would be ~25.)
 * The cut is the `quantile` of positive timestamps (0.8: the last 20% of positives are test time).
 * `validation` moves everything into the past: the test period is dropped, the cut becomes the
 * `quantile` of the remaining positives, so parameters are chosen without the test targets.
 */
export function temporalSplit(
  interactions: Interaction[],
  opts: { quantile?: number; validation?: boolean; gap?: number; targetsPerUser?: number } = {},
): TemporalSplit {
  const perUser = opts.targetsPerUser ?? 10;
  const q = opts.quantile ?? 0.8;
  const gap = opts.gap ?? SESSION_GAP_SECONDS;
  let positives = interactions
    .filter((r) => r.rating >= POSITIVE_THRESHOLD)
    .sort((a, b) => a.timestamp - b.timestamp || a.user - b.user || a.item - b.item);
  const cutOf = (list: Interaction[]) => list[Math.floor(list.length * q)]!.timestamp;
  let cut = cutOf(positives);
  if (opts.validation) {
    positives = positives.filter((r) => r.timestamp < cut);
    cut = cutOf(positives);
  }
  const train = positives
    .filter((r) => r.timestamp < cut)
    .map(({ user, item, timestamp }) => ({ user, item, timestamp }));
  const universe = new Set(train.map((p) => p.item));
  const byUser = new Map<number, { past: typeof train; future: Interaction[] }>();
  for (const r of positives) {
    let u = byUser.get(r.user);
    if (!u) byUser.set(r.user, (u = { past: [], future: [] }));
    if (r.timestamp < cut) u.past.push(r);
    else u.future.push(r);
  }
  const cases: EvalCase[] = [];
  for (const [user, { past, future }] of [...byUser].sort((a, b) => a[0] - b[0])) {
    if (!past.length || !future.length) continue;
    const liked = new Set(past.map((p) => p.item));
    const targets = future.filter((r) => universe.has(r.item) && !liked.has(r.item)).slice(0, perUser);
    for (const target of targets) {
      const seed = past.filter((p) => p.timestamp < target.timestamp - gap).at(-1);
      if (seed) cases.push({ user, seed: seed.item, target: target.item, time: target.timestamp });
    }
  }
  return { cases, train, cut };
}

export type SplitKind = 'global' | 'per-user';

/** The split a protocol name asks for. */
export function splitOf(
  interactions: Interaction[],
  kind: SplitKind,
  opts: { validation?: boolean } = {},
): TemporalSplit {
  return kind === 'per-user' ? perUserSplit(interactions, opts) : temporalSplit(interactions, opts);
}

/** Users need this many positives to take part in the per-user protocol. */
export const PER_USER_MIN_POSITIVES = 5;

/**
 * The second protocol, chosen before any result on it (docs/recommender.md, decision 0023):
 * **per-user temporal holdout**. Every user with at least PER_USER_MIN_POSITIVES positives has their
 * own cut, the time of their positive at the `quantile` (0.8) of their own positives; their positives
 * before it train (everyone's: so other users' later likes do train, the usual per-user split, which
 * buys many more test users than one global cut). Targets: their first `targetsPerUser` positives
 * from their cut on that are training items they had not liked before; the seed (and, for the
 * history question, every film of the history) must be more than SESSION_GAP_SECONDS before the
 * target, so the rating session that crosses a user's cut links nothing. `cut` is the median of the
 * users' cuts (for display); each case carries its user's cut. `validation` drops each user's test
 * period and cuts the rest again at the same quantile.
 */
export function perUserSplit(
  interactions: Interaction[],
  opts: { quantile?: number; validation?: boolean; gap?: number; targetsPerUser?: number } = {},
): TemporalSplit {
  const perUser = opts.targetsPerUser ?? 10;
  const q = opts.quantile ?? 0.8;
  const gap = opts.gap ?? SESSION_GAP_SECONDS;
  const byUser = new Map<number, Interaction[]>();
  for (const r of interactions) {
    if (r.rating < POSITIVE_THRESHOLD) continue;
    let l = byUser.get(r.user);
    if (!l) byUser.set(r.user, (l = []));
    l.push(r);
  }
  const parts: { user: number; past: Interaction[]; future: Interaction[]; cut: number }[] = [];
  for (const [user, list] of [...byUser].sort((a, b) => a[0] - b[0])) {
    let mine = list.sort((a, b) => a.timestamp - b.timestamp || a.item - b.item);
    if (mine.length < PER_USER_MIN_POSITIVES) continue;
    let cut = mine[Math.floor(mine.length * q)]!.timestamp;
    if (opts.validation) {
      mine = mine.filter((r) => r.timestamp < cut);
      if (mine.length < PER_USER_MIN_POSITIVES) continue;
      cut = mine[Math.floor(mine.length * q)]!.timestamp;
    }
    parts.push({
      user,
      past: mine.filter((r) => r.timestamp < cut),
      future: mine.filter((r) => r.timestamp >= cut),
      cut,
    });
  }
  const train = parts.flatMap(({ past }) =>
    past.map(({ user, item, timestamp }) => ({ user, item, timestamp })),
  );
  const universe = new Set(train.map((p) => p.item));
  const cases: EvalCase[] = [];
  for (const { user, past, future, cut } of parts) {
    if (!past.length || !future.length) continue;
    const liked = new Set(past.map((p) => p.item));
    const targets = future.filter((r) => universe.has(r.item) && !liked.has(r.item)).slice(0, perUser);
    for (const target of targets) {
      const seed = past.filter((p) => p.timestamp < target.timestamp - gap).at(-1);
      if (seed) cases.push({ user, seed: seed.item, target: target.item, time: target.timestamp, cut });
    }
  }
  const cuts = parts.map((p) => p.cut).sort((a, b) => a - b);
  return { cases, train, cut: cuts[Math.floor(cuts.length / 2)] ?? 0 };
}

/** NDCG@10 of each case (0 on a miss), in case order. */
export function ndcgPerCase(ranked: { list: number[]; target: number }[]): Float64Array {
  return Float64Array.from(ranked, ({ list, target }) => {
    const rank = list.indexOf(target);
    return rank >= 0 && rank < 10 ? 1 / Math.log2(rank + 2) : 0;
  });
}

/** A small seeded PRNG (mulberry32), so that intervals are the same from run to run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PairedInterval {
  /** mean(a) / mean(b) on the cases as they are. */
  ratio: number;
  /** 95% percentile interval of the ratio over paired bootstrap resamples of the cases. */
  low: number;
  high: number;
  /** mean(a) − mean(b) and its 95% interval. */
  diff: number;
  diffLow: number;
  diffHigh: number;
}

/**
 * Paired bootstrap: resamples the cases (or, with `clusters`, whole users) with replacement, the
 * same for both methods, and takes the 2.5th and 97.5th percentiles of the ratio and of the
 * difference of the means.
 */
export function pairedBootstrap(
  a: Float64Array,
  b: Float64Array,
  rounds = 2000,
  seed = 13,
  clusters?: number[],
): PairedInterval {
  const n = a.length;
  // Cases of one user are not independent: with clusters, whole users are resampled.
  const groups: number[][] = [];
  if (clusters) {
    const byKey = new Map<number, number[]>();
    clusters.forEach((c, i) => {
      let g = byKey.get(c);
      if (!g) byKey.set(c, (g = []));
      g.push(i);
    });
    groups.push(...byKey.values());
  } else for (let i = 0; i < n; i++) groups.push([i]);
  const mean = (x: Float64Array) => x.reduce((s, v) => s + v, 0) / (x.length || 1);
  const rand = prng(seed);
  const ratios: number[] = [];
  const diffs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let sa = 0;
    let sb = 0;
    let count = 0;
    for (let g = 0; g < groups.length; g++) {
      for (const k of groups[Math.floor(rand() * groups.length)]!) {
        sa += a[k]!;
        sb += b[k]!;
        count++;
      }
    }
    ratios.push(sb ? sa / sb : sa ? Infinity : 1);
    diffs.push((sa - sb) / (count || 1));
  }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((x, y) => x - y);
    return s[Math.min(s.length - 1, Math.max(0, Math.floor(p * s.length)))]!;
  };
  const ma = mean(a);
  const mb = mean(b);
  return {
    ratio: mb ? ma / mb : Infinity,
    low: pct(ratios, 0.025),
    high: pct(ratios, 0.975),
    diff: ma - mb,
    diffLow: pct(diffs, 0.025),
    diffHigh: pct(diffs, 0.975),
  };
}
