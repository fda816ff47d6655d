/** Indices of the k largest positive scores, best first, skipping `exclude`. Ties: lower index first. */
export function topK(scores: ArrayLike<number>, k: number, exclude = -1): number[] {
  const idx: number[] = [];
  const val: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i]!;
    if (s <= 0 || i === exclude) continue;
    if (idx.length === k && s <= val[k - 1]!) continue;
    let pos = idx.length < k ? idx.length : k - 1;
    if (idx.length < k) {
      idx.push(i);
      val.push(s);
    } else {
      idx[pos] = i;
      val[pos] = s;
    }
    while (pos > 0 && val[pos - 1]! < s) {
      idx[pos] = idx[pos - 1]!;
      val[pos] = val[pos - 1]!;
      idx[pos - 1] = i;
      val[pos - 1] = s;
      pos--;
    }
  }
  return idx;
}

/**
 * `topK` over a sparse score set: the k largest positive `values[ids[0 .. count)]`, best first,
 * skipping `exclude`, ties by lower index first. The same answer as `topK(values, k, exclude)`
 * when every positive score is among the ids, at the cost of the ids rather than of the catalog.
 * The k kept so far are a binary min-heap (worst at the root): at a million films a seed touches
 * 100,000 films and an insertion into a sorted array of 300 cost ~150 moves (decision 0107). The
 * order (score down, index up) is total, so the answer is the sorted array's.
 */
export function topKSparse(
  values: ArrayLike<number>,
  ids: ArrayLike<number>,
  count: number,
  k: number,
  exclude = -1,
): number[] {
  if (k <= 0) return [];
  const heap = new Int32Array(k);
  const hv = new Float64Array(k);
  let size = 0;
  // a is worse than b: a lower score, or the same score and a higher index.
  const worse = (sa: number, ia: number, sb: number, ib: number) => sa < sb || (sa === sb && ia > ib);
  for (let t = 0; t < count; t++) {
    const i = ids[t]!;
    const s = values[i]!;
    if (s <= 0 || i === exclude) continue;
    if (size < k) {
      // Sift up: the new film rises above better-placed parents' worse ones.
      let pos = size++;
      while (pos > 0) {
        const parent = (pos - 1) >> 1;
        if (!worse(s, i, hv[parent]!, heap[parent]!)) break;
        heap[pos] = heap[parent]!;
        hv[pos] = hv[parent]!;
        pos = parent;
      }
      heap[pos] = i;
      hv[pos] = s;
      continue;
    }
    if (!worse(hv[0]!, heap[0]!, s, i)) continue;
    siftDown(heap, hv, size, i, s, worse);
  }
  // Worst first out of the heap, so the array fills from its end.
  const out = new Array<number>(size);
  for (let n = size; n > 0; n--) {
    out[n - 1] = heap[0]!;
    const lastI = heap[n - 1]!;
    const lastS = hv[n - 1]!;
    if (n > 1) siftDown(heap, hv, n - 1, lastI, lastS, worse);
  }
  return out;
}

/** Puts (i, s) at the root of the min-heap of `size` and moves it down to its place. */
function siftDown(
  heap: Int32Array,
  hv: Float64Array,
  size: number,
  i: number,
  s: number,
  worse: (sa: number, ia: number, sb: number, ib: number) => boolean,
): void {
  let pos = 0;
  for (;;) {
    let child = 2 * pos + 1;
    if (child >= size) break;
    if (child + 1 < size && worse(hv[child + 1]!, heap[child + 1]!, hv[child]!, heap[child]!)) child++;
    if (!worse(hv[child]!, heap[child]!, s, i)) break;
    heap[pos] = heap[child]!;
    hv[pos] = hv[child]!;
    pos = child;
  }
  heap[pos] = i;
  hv[pos] = s;
}
