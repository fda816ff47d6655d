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
 */
export function topKSparse(
  values: ArrayLike<number>,
  ids: ArrayLike<number>,
  count: number,
  k: number,
  exclude = -1,
): number[] {
  const idx: number[] = [];
  const val: number[] = [];
  for (let t = 0; t < count; t++) {
    const i = ids[t]!;
    const s = values[i]!;
    if (s <= 0 || i === exclude) continue;
    if (idx.length === k && (s < val[k - 1]! || (s === val[k - 1]! && i > idx[k - 1]!))) continue;
    let pos = idx.length < k ? idx.length : k - 1;
    if (idx.length < k) {
      idx.push(i);
      val.push(s);
    } else {
      idx[pos] = i;
      val[pos] = s;
    }
    while (pos > 0 && (val[pos - 1]! < s || (val[pos - 1]! === s && idx[pos - 1]! > i))) {
      idx[pos] = idx[pos - 1]!;
      val[pos] = val[pos - 1]!;
      idx[pos - 1] = i;
      val[pos - 1] = s;
      pos--;
    }
  }
  return idx;
}
