import { topK } from './topk';

/**
 * A re-implementation of the original product's recommender, kept as a baseline: KMeans with
 * k = 2 over each movie's rating plus one-hot genres, then cosine similarity within the seed's
 * cluster.
 */
export class KMeansOriginal {
  private readonly features: Float64Array[];
  private readonly cluster: Int32Array;

  constructor(features: Float64Array[], seed = 42, iterations = 50) {
    this.features = features;
    const n = features.length;
    const dim = features[0]?.length ?? 0;
    let s = seed;
    const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const centroids = [features[Math.floor(rand() * n)]!.slice(), features[Math.floor(rand() * n)]!.slice()];
    this.cluster = new Int32Array(n);
    for (let it = 0; it < iterations; it++) {
      let changed = false;
      for (let i = 0; i < n; i++) {
        let best = 0;
        let bestD = Infinity;
        centroids.forEach((c, k) => {
          let d = 0;
          for (let j = 0; j < dim; j++) d += (features[i]![j]! - c[j]!) ** 2;
          if (d < bestD) {
            bestD = d;
            best = k;
          }
        });
        if (this.cluster[i] !== best) changed = true;
        this.cluster[i] = best;
      }
      for (let k = 0; k < 2; k++) {
        const sum = new Float64Array(dim);
        let count = 0;
        for (let i = 0; i < n; i++) {
          if (this.cluster[i] !== k) continue;
          count++;
          for (let j = 0; j < dim; j++) sum[j]! += features[i]![j]!;
        }
        if (count) centroids[k] = sum.map((v) => v / count);
      }
      if (!changed) break;
    }
  }

  scoresFrom(seed: number): Float64Array {
    const out = new Float64Array(this.features.length);
    const f = this.features[seed]!;
    const nf = Math.hypot(...f) || 1;
    for (let i = 0; i < out.length; i++) {
      if (i === seed || this.cluster[i] !== this.cluster[seed]) continue;
      const g = this.features[i]!;
      let dot = 0;
      for (let j = 0; j < f.length; j++) dot += f[j]! * g[j]!;
      out[i] = dot / (nf * (Math.hypot(...g) || 1)) + 1e-9;
    }
    return out;
  }

  top(seed: number, k: number): number[] {
    return topK(this.scoresFrom(seed), k, seed);
  }
}
