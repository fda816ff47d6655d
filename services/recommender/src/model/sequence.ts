import type { ImplicitMatrix } from './implicit';

/**
 * Item-to-item co-occurrence in time: for each user, positives ordered by time; two films liked
 * within `window` positions of each other are related, more so the closer they are. People rate
 * and watch in runs (a franchise, a director, a season's releases), which plain co-occurrence
 * over a whole history blurs. Scores are discounted by the arrival item's popularity^beta.
 */
export class SequenceModel {
  private readonly neighbours: Map<number, number>[];

  constructor(
    private readonly m: ImplicitMatrix,
    pairs: { user: number; item: number; timestamp: number }[],
    readonly window = 8,
    readonly beta = 0.3,
  ) {
    const byUser = new Map<number, { item: number; timestamp: number }[]>();
    for (const p of pairs) {
      let list = byUser.get(p.user);
      if (!list) byUser.set(p.user, (list = []));
      list.push(p);
    }
    this.neighbours = Array.from({ length: m.nItems }, () => new Map<number, number>());
    for (const list of byUser.values()) {
      list.sort((a, b) => a.timestamp - b.timestamp || a.item - b.item);
      const idx = list.map((p) => m.itemIndex.get(p.item)!);
      for (let a = 0; a < idx.length; a++) {
        for (let d = 1; d <= window && a + d < idx.length; d++) {
          const i = idx[a]!;
          const j = idx[a + d]!;
          if (i === j) continue;
          const w = 1 / d;
          const ni = this.neighbours[i]!;
          const nj = this.neighbours[j]!;
          ni.set(j, (ni.get(j) ?? 0) + w);
          nj.set(i, (nj.get(i) ?? 0) + w);
        }
      }
    }
  }

  scoresFrom(seed: number, out = new Float64Array(this.m.nItems)): Float64Array {
    out.fill(0);
    for (const [j, w] of this.neighbours[seed]!) out[j] = w / this.m.count(j) ** this.beta;
    return out;
  }
}
