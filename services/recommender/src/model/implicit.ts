import { topK } from './topk';

/** Users × items of implicit positives, both directions, with items named by TMDB id. */
export class ImplicitMatrix {
  readonly itemIds: number[];
  readonly itemIndex = new Map<number, number>();
  readonly itemUsers: Int32Array[];
  readonly userItems: Int32Array[];
  /** Weight of each user's item, parallel to userItems (1 unless the pair said otherwise). */
  readonly userWeights: Float32Array[];

  constructor(pairs: { user: number; item: number; weight?: number }[]) {
    const users = new Map<number, number>();
    const byItem: number[][] = [];
    const byUser: number[][] = [];
    const weights: number[][] = [];
    this.itemIds = [];
    // user:item → [user index, position in the user's list]: a repeated pair keeps its strongest weight.
    const seen = new Map<string, [number, number]>();
    for (const { user, item, weight = 1 } of pairs) {
      const key = `${user}:${item}`;
      const before = seen.get(key);
      if (before) {
        const [bu, bp] = before;
        weights[bu]![bp] = Math.max(weights[bu]![bp]!, weight);
        continue;
      }
      let i = this.itemIndex.get(item);
      if (i === undefined) {
        i = this.itemIds.length;
        this.itemIndex.set(item, i);
        this.itemIds.push(item);
        byItem.push([]);
      }
      let u = users.get(user);
      if (u === undefined) {
        u = byUser.length;
        users.set(user, u);
        byUser.push([]);
        weights.push([]);
      }
      seen.set(key, [u, byUser[u]!.length]);
      byItem[i]!.push(u);
      byUser[u]!.push(i);
      weights[u]!.push(weight);
    }
    this.itemUsers = byItem.map((a) => Int32Array.from(a));
    this.userItems = byUser.map((a) => Int32Array.from(a));
    this.userWeights = weights.map((a) => Float32Array.from(a));
  }

  get nItems(): number {
    return this.itemIds.length;
  }

  count(i: number): number {
    return this.itemUsers[i]!.length;
  }

  /** Item popularity (number of users), the TopPop baseline's score. */
  popularity(): Float64Array {
    return Float64Array.from(this.itemUsers, (u) => u.length);
  }

  /** Item-kNN with cosine similarity between the items' user sets. */
  cosineFrom(seed: number): Float64Array {
    const co = new Float64Array(this.nItems);
    for (const u of this.itemUsers[seed]!) for (const j of this.userItems[u]!) co[j]! += 1;
    const ns = this.count(seed);
    for (let j = 0; j < co.length; j++) if (co[j]) co[j] = co[j]! / Math.sqrt(ns * this.count(j));
    co[seed] = 0;
    return co;
  }

  /**
   * RP3beta (Paudel et al.): a two-step random walk item → user → item, each step's probability
   * raised to alpha, the arrival item's popularity discounted by popularity^beta.
   */
  rp3betaFrom(seed: number, alpha = 1, beta = 0.5): Float64Array {
    const scores = new Float64Array(this.nItems);
    const users = this.itemUsers[seed]!;
    const pIu = (1 / users.length) ** alpha;
    for (const u of users) {
      const items = this.userItems[u]!;
      const pUj = (1 / items.length) ** alpha;
      for (const j of items) scores[j]! += pIu * pUj;
    }
    for (let j = 0; j < scores.length; j++) if (scores[j]) scores[j] = scores[j]! / this.count(j) ** beta;
    scores[seed] = 0;
    return scores;
  }

  /**
   * RP3beta with each user's weights (a like counts more than a "want to watch"), and, in
   * `support`, the weighted number of users who have both the seed and each item: the evidence
   * a pair rests on, so that a handful of accounts cannot make a pair.
   */
  rp3betaSupported(
    seed: number,
    alpha: number,
    beta: number,
    out = new Float64Array(this.nItems),
    support = new Float64Array(this.nItems),
  ): Float64Array {
    out.fill(0);
    support.fill(0);
    const users = this.itemUsers[seed]!;
    const pIu = (1 / users.length) ** alpha;
    for (const u of users) {
      const items = this.userItems[u]!;
      const ws = this.userWeights[u]!;
      let ws0 = 1;
      for (let k = 0; k < items.length; k++) if (items[k] === seed) ws0 = ws[k]!;
      const pUj = (1 / items.length) ** alpha;
      for (let k = 0; k < items.length; k++) {
        const w = Math.min(ws0, ws[k]!);
        out[items[k]!]! += pIu * pUj * w;
        support[items[k]!]! += w;
      }
    }
    for (let j = 0; j < out.length; j++) if (out[j]) out[j] = out[j]! / this.count(j) ** beta;
    out[seed] = 0;
    support[seed] = 0;
    return out;
  }

  topFrom(scores: Float64Array, k: number, seed: number): number[] {
    return topK(scores, k, seed);
  }
}
