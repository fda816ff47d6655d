import type { ImplicitMatrix } from './implicit';

/**
 * EASE (Steck 2019): B = I − P·diag(1/diag(P)) with P = (XᵀX + λI)⁻¹, diag(B) = 0. Dense, so it is
 * trained on the items with at least `minCount` positives (the others cannot be scored by it).
 */
export class EaseModel {
  readonly items: number[]; // matrix indices into ImplicitMatrix
  private readonly pos = new Map<number, number>();
  private readonly P: Float64Array;
  private readonly n: number;

  constructor(
    m: ImplicitMatrix,
    lambda = 200,
    minCount = 5,
    onProgress?: (done: number, total: number) => void,
  ) {
    this.items = [];
    for (let i = 0; i < m.nItems; i++) if (m.count(i) >= minCount) this.items.push(i);
    const n = (this.n = this.items.length);
    this.items.forEach((i, k) => this.pos.set(i, k));
    const G = new Float64Array(n * n);
    for (let u = 0; u < m.userItems.length; u++) {
      const userItems = m.userItems[u]!;
      const ws = m.userWeights[u]!;
      const ks: number[] = [];
      for (let q = 0; q < userItems.length; q++) {
        // Positive signals only (a low rating is not a co-occurrence of taste).
        const k = ws[q]! > 0 ? this.pos.get(userItems[q]!) : undefined;
        if (k !== undefined) ks.push(k);
      }
      for (const a of ks) for (const b of ks) G[a * n + b]! += 1;
    }
    for (let k = 0; k < n; k++) G[k * n + k]! += lambda;
    this.P = invertSpd(G, n, onProgress);
  }

  /** B's row of one seed (matrix indices; 0 for the seed and items outside the model). */
  rowOf(seed: number, nItems: number): Float64Array | undefined {
    const s = this.pos.get(seed);
    if (s === undefined) return undefined;
    const out = new Float64Array(nItems);
    const n = this.n;
    for (let k = 0; k < n; k++) if (k !== s) out[this.items[k]!] = -this.P[s * n + k]! / this.P[k * n + k]!;
    return out;
  }

  /** Scores of every ImplicitMatrix item from one seed item (0 for items outside the model). */
  scoresFrom(seed: number, nItems: number): Float64Array {
    const out = new Float64Array(nItems);
    const s = this.pos.get(seed);
    if (s === undefined) return out;
    const n = this.n;
    for (let k = 0; k < n; k++) {
      if (k === s) continue;
      // B[s][k] = -P[s][k] / P[k][k]; shifted to stay positive for ranking (topK skips <= 0).
      out[this.items[k]!] = 1e6 - this.P[s * n + k]! / this.P[k * n + k]! + 1e-9;
    }
    return out;
  }
}

/** In-place Gauss–Jordan inverse of a symmetric positive definite matrix (no pivoting needed). */
export function invertSpd(
  A: Float64Array,
  n: number,
  onProgress?: (done: number, total: number) => void,
): Float64Array {
  for (let k = 0; k < n; k++) {
    const rowK = k * n;
    const pivot = A[rowK + k]!;
    const inv = 1 / pivot;
    for (let j = 0; j < n; j++) A[rowK + j]! *= inv;
    A[rowK + k] = inv;
    for (let i = 0; i < n; i++) {
      if (i === k) continue;
      const rowI = i * n;
      const f = A[rowI + k]!;
      if (f === 0) continue;
      for (let j = 0; j < n; j++) A[rowI + j]! -= f * A[rowK + j]!;
      A[rowI + k] = -f * inv;
    }
    if (onProgress && k % 100 === 0) onProgress(k, n);
  }
  return A;
}
