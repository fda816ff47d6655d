import { POSITIVE_THRESHOLD, type Interaction } from '../data/interactions';

export interface EvalCase {
  user: number;
  seed: number; // tmdbId
  target: number; // tmdbId
}

/**
 * Leave-last-out: ratings of 4 or more are positives; for each user with at least 5, the last
 * positive (by timestamp) is the target and the one before it the seed. Training keeps every
 * positive except the targets.
 */
export function leaveLastOut(interactions: Interaction[], minPositives = 5, validation = false) {
  const byUser = new Map<number, Interaction[]>();
  for (const r of interactions) {
    if (r.rating < POSITIVE_THRESHOLD) continue;
    let list = byUser.get(r.user);
    if (!list) byUser.set(r.user, (list = []));
    list.push(r);
  }
  const cases: EvalCase[] = [];
  const train: { user: number; item: number; timestamp: number }[] = [];
  for (const [user, list] of [...byUser].sort((a, b) => a[0] - b[0])) {
    // Stable order: time, then item id, so that the split never depends on file order.
    list.sort((a, b) => a.timestamp - b.timestamp || a.item - b.item);
    // Validation split (for choosing parameters): the real target is dropped altogether and the
    // positive before it becomes the target, so the test targets are never looked at.
    if (validation && list.length >= minPositives + 1) list.pop();
    else if (validation) continue;
    let targetIdx = -1;
    if (list.length >= minPositives) {
      targetIdx = list.length - 1;
      cases.push({ user, seed: list[list.length - 2]!.item, target: list[targetIdx]!.item });
    }
    list.forEach((r, i) => {
      if (i !== targetIdx) train.push({ user, item: r.item, timestamp: r.timestamp });
    });
  }
  return { cases, train };
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
