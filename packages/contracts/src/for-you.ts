import { ratingWeight, SIGNAL_WEIGHTS } from './signals';

/**
 * "For you" for a person with history: the neighbours of their recent films, blended with a
 * recency-aware popularity prior ("popular lately"), kept within their taste. Pure functions: the
 * API calls `rankForYou` with the service's lists (`/recommend` per seed, `/trending`), and
 * `npm run recommender:eval` calls the same function on the temporal protocol.
 */

/** Knobs chosen on the validation split of the temporal protocol (never on its test period). */
export const FOR_YOU = {
  /** Neighbours asked per seed. */
  perSeed: 30,
  /** Share of the score that comes from the "popular lately" prior (the rest: the user's neighbours). */
  prior: 0.7,
  /** Popular-lately candidates considered. */
  trendingPool: 100,
  /** Half-life-like time constant of the prior, in days (weight e^(−age/τ)). */
  trendingTauDays: 365,
  /** Distinct users a film needs among the positives of the window before it can trend. */
  trendingMinUsers: 8,
  /** At most this many picks per row. */
  limit: 20,
  /** At most this share of the row is popular-lately picks (the rest: neighbours of their films). */
  maxPopularShare: 0.5,
};

export interface TrendingItem {
  item: number;
  /** In (0, 1]: the film's recency-weighted positives over the best film's. */
  score: number;
  genres: number[];
}

/**
 * Popular lately: each positive counts e^(−age/τ), its age taken from the newest positive in the
 * data (so a MovieLens-only model and a model with today's product signals both have a "lately");
 * a film needs `minUsers` distinct users within 2τ, so a handful of accounts cannot make it trend.
 */
export function trendingOf(
  positives: { user: number | string; item: number; timestamp: number; weight?: number }[],
  genresOf: (item: number) => number[] | undefined,
  opts: { tauDays?: number; minUsers?: number; top?: number; now?: number } = {},
): TrendingItem[] {
  const tau = (opts.tauDays ?? FOR_YOU.trendingTauDays) * 86400;
  const minUsers = opts.minUsers ?? FOR_YOU.trendingMinUsers;
  let now = opts.now ?? -Infinity;
  if (opts.now === undefined) for (const p of positives) if (p.timestamp > now) now = p.timestamp;
  const score = new Map<number, number>();
  const users = new Map<number, Set<number | string>>();
  for (const p of positives) {
    const age = now - p.timestamp;
    if (age < 0) continue;
    score.set(p.item, (score.get(p.item) ?? 0) + (p.weight ?? 1) * Math.exp(-age / tau));
    if (age <= 2 * tau) {
      let u = users.get(p.item);
      if (!u) users.set(p.item, (u = new Set()));
      u.add(p.user);
    }
  }
  const ranked = [...score]
    .filter(([item]) => (users.get(item)?.size ?? 0) >= minUsers && genresOf(item) !== undefined)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, opts.top ?? 200);
  const best = ranked[0]?.[1] ?? 1;
  return ranked.map(([item, s]) => ({ item, score: s / best, genres: genresOf(item) ?? [] }));
}

export interface ForYouSeed {
  item: number;
  /** How much the signal says about taste (like 1 … want to watch 0.3). */
  weight: number;
  genres: number[];
}

export interface ForYouPick {
  item: number;
  score: number;
  /** The user's film that brought it (for a popular-lately pick: their most recent film of its main genre). */
  because: number;
  /** Brought by the popular-lately prior rather than by the neighbours of one of their films. */
  popular: boolean;
}

/**
 * The row: personal = Σ over seeds of weight × (1 − rank/(perSeed+1)), scaled to [0, 1];
 * score = (1 − prior) · personal + prior · trending, where a trending film counts only if its
 * main genre is one of the user's films' genres (it stays within their taste). Nothing in
 * `exclude`; no seed brings more than max(3, ⌈limit/seeds⌉) while others have picks.
 * `seeds` newest first; `lists[i]` = seed i's neighbours, best first (null when unavailable).
 */
export function rankForYou(
  seeds: ForYouSeed[],
  lists: (number[] | null)[],
  trending: TrendingItem[],
  exclude: Set<number>,
  opts: {
    prior?: number;
    trendingPool?: number;
    limit?: number;
    perSeed?: number;
    maxPopularShare?: number;
  } = {},
): ForYouPick[] {
  const prior = opts.prior ?? FOR_YOU.prior;
  const limit = opts.limit ?? FOR_YOU.limit;
  const perSeed = opts.perSeed ?? FOR_YOU.perSeed;
  const personal = new Map<number, number>();
  const best = new Map<number, { seed: number; contribution: number }>();
  const excluded = (id: number) => exclude.has(id) || seeds.some((s) => s.item === id);
  seeds.forEach(({ item: seed, weight }, si) => {
    lists[si]?.slice(0, perSeed).forEach((id, rank) => {
      if (excluded(id)) return;
      const c = weight * (1 - rank / (perSeed + 1));
      personal.set(id, (personal.get(id) ?? 0) + c);
      const b = best.get(id);
      if (!b || c > b.contribution) best.set(id, { seed, contribution: c });
    });
  });
  let maxPersonal = 0;
  for (const v of personal.values()) maxPersonal = Math.max(maxPersonal, v);
  const score = new Map<number, number>();
  for (const [id, v] of personal) score.set(id, (1 - prior) * (v / (maxPersonal || 1)));
  const popular = new Set<number>();
  if (prior > 0)
    for (const t of trending.slice(0, opts.trendingPool ?? FOR_YOU.trendingPool)) {
      if (excluded(t.item)) continue;
      const main = t.genres[0];
      const taste = seeds.find((s) => main !== undefined && s.genres.includes(main));
      if (!taste) continue;
      score.set(t.item, (score.get(t.item) ?? 0) + prior * t.score);
      if (!best.has(t.item)) {
        best.set(t.item, { seed: taste.item, contribution: 0 });
        popular.add(t.item);
      }
    }
  // Spread the row over the user's films: no seed brings more than its share while others have
  // picks, and popular-lately picks fill at most their share of the row.
  const cap = Math.max(3, Math.ceil(limit / Math.max(1, seeds.length)));
  const popularCap = Math.ceil(limit * (opts.maxPopularShare ?? FOR_YOU.maxPopularShare));
  let popularCount = 0;
  const ranked = [...score].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const perSeedCount = new Map<number, number>();
  const chosen: [number, number][] = [];
  const spill: [number, number][] = [];
  for (const entry of ranked) {
    if (popular.has(entry[0])) {
      if (popularCount < popularCap) {
        popularCount++;
        chosen.push(entry);
      }
      if (chosen.length >= limit) break;
      continue;
    }
    const seed = best.get(entry[0])!.seed;
    const n = perSeedCount.get(seed) ?? 0;
    if (n >= cap) spill.push(entry);
    else {
      perSeedCount.set(seed, n + 1);
      chosen.push(entry);
    }
    if (chosen.length >= limit) break;
  }
  return [...chosen, ...spill].slice(0, limit).map(([item, s]) => ({
    item,
    score: s,
    because: best.get(item)!.seed,
    popular: popular.has(item),
  }));
}

/**
 * What the people a user follows love (decision 0095): their ratings of 4.5 and 5 stars and their
 * likes of the last `windowDays`, as candidates and a score term of the row.
 */
export const FRIENDS = {
  /** Ratings at least this high count (4.5 and 5 stars: what they love, not what they liked). */
  minRating: 4.5,
  /** Only signals this recent (days). */
  windowDays: 180,
  /** Time constant of a signal's decay (days): weight e^(−age/τ). */
  tauDays: 90,
  /** Share of a pick's score that comes from friends (the rest: the user's own row's rank). */
  share: 0.35,
  /** At most this share of the row is films only friends brought (the rest: the user's own). */
  maxShare: 0.5,
  /** Signals read per user, newest first. */
  maxSignals: 500,
};

export interface FriendSignal {
  /** The friend's username (what the card names). */
  friend: string;
  item: number;
  /** 4.5 or 5 stars; null for a like. */
  rating: number | null;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface FriendScore {
  /** In (0, 1]: one fresh 5-star rating is 1; several friends add up, capped at 1. */
  score: number;
  /** The friend whose signal counts most, and what it was. */
  friend: string;
  rating: number | null;
}

/** A signal's weight: the same as the user's own (signals.ts), scaled so a fresh 5 stars is 1. */
const friendWeight = (rating: number | null) =>
  (rating === null ? SIGNAL_WEIGHTS.like : ratingWeight(rating)) / ratingWeight(5);

/**
 * Each film's friend score: per friend, their strongest signal (a rating over a like of the same
 * film) decayed by age; summed over friends, capped at 1. The reason is the friend who counts most.
 */
export function friendScores(
  signals: FriendSignal[],
  now: number,
  opts: { tauDays?: number } = {},
): Map<number, FriendScore> {
  const tau = (opts.tauDays ?? FRIENDS.tauDays) * 86400;
  const best = new Map<number, Map<string, { w: number; rating: number | null }>>();
  for (const s of signals) {
    const w = friendWeight(s.rating) * Math.exp(-Math.max(0, now - s.timestamp) / tau);
    let byFriend = best.get(s.item);
    if (!byFriend) best.set(s.item, (byFriend = new Map()));
    const before = byFriend.get(s.friend);
    if (!before || w > before.w) byFriend.set(s.friend, { w, rating: s.rating });
  }
  const out = new Map<number, FriendScore>();
  for (const [item, byFriend] of best) {
    let sum = 0;
    let top: [string, { w: number; rating: number | null }] | null = null;
    for (const entry of byFriend) {
      sum += entry[1].w;
      if (!top || entry[1].w > top[1].w || (entry[1].w === top[1].w && entry[0] < top[0])) top = entry;
    }
    out.set(item, { score: Math.min(1, sum), friend: top![0], rating: top![1].rating });
  }
  return out;
}

export interface BlendedPick {
  item: number;
  score: number;
  /** Friends count more than the user's own reason for it (or brought it alone). */
  byFriend: boolean;
}

/**
 * The row with friends' films: an own pick at rank i of n scores (1 − share)·(1 − i/(limit+1)),
 * plus share × its friend score; a film only friends brought scores share × its friend score and
 * is a candidate beside them (at most maxShare of the row, unless nothing else fills it). Nothing
 * in `exclude`. The card names the friend when their term is at least the pick's own.
 */
export function blendFriends(
  own: number[],
  friends: Map<number, FriendScore>,
  exclude: Set<number>,
  opts: { share?: number; limit?: number; maxShare?: number } = {},
): BlendedPick[] {
  const share = opts.share ?? FRIENDS.share;
  const limit = opts.limit ?? FOR_YOU.limit;
  const rows: BlendedPick[] = [];
  const mine = new Set(own);
  own.forEach((item, i) => {
    const ownTerm = (1 - share) * (1 - i / (limit + 1));
    const friendTerm = share * (friends.get(item)?.score ?? 0);
    rows.push({ item, score: ownTerm + friendTerm, byFriend: friendTerm > 0 && friendTerm >= ownTerm });
  });
  for (const [item, f] of friends)
    if (!mine.has(item) && !exclude.has(item)) rows.push({ item, score: share * f.score, byFriend: true });
  rows.sort((a, b) => b.score - a.score || a.item - b.item);
  const cap = Math.ceil(limit * (opts.maxShare ?? FRIENDS.maxShare));
  let onlyFriends = 0;
  const chosen: BlendedPick[] = [];
  const spill: BlendedPick[] = [];
  for (const r of rows) {
    if (mine.has(r.item) || onlyFriends < cap) {
      if (!mine.has(r.item)) onlyFriends++;
      chosen.push(r);
    } else spill.push(r);
  }
  return [...chosen, ...spill].slice(0, limit);
}
