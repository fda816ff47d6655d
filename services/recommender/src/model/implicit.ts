import { topK } from './topk';

/** Users × items of implicit positives, both directions, with items named by TMDB id. */
export class ImplicitMatrix {
  readonly itemIds: number[];
  readonly itemIndex = new Map<number, number>();
  readonly itemUsers: Int32Array[];
  readonly userItems: Int32Array[];

  constructor(pairs: { user: number; item: number }[]) {
    const users = new Map<number, number>();
    const byItem: number[][] = [];
    const byUser: number[][] = [];
    this.itemIds = [];
    const seen = new Set<string>();
    for (const { user, item } of pairs) {
      const key = `${user}:${item}`;
      if (seen.has(key)) continue;
      seen.add(key);
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
      }
      byItem[i]!.push(u);
      byUser[u]!.push(i);
    }
    this.itemUsers = byItem.map((a) => Int32Array.from(a));
    this.userItems = byUser.map((a) => Int32Array.from(a));
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

  topFrom(scores: Float64Array, k: number, seed: number): number[] {
    return topK(scores, k, seed);
  }
}
