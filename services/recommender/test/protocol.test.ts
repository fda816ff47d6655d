import { describe, expect, it } from 'vitest';
import { readMovieLens } from '../src/data/interactions';
import { computeMetrics, leaveLastOut } from '../src/eval/protocol';
import { writeMovieLens } from './fixture';

describe('MovieLens join', () => {
  it('maps movieId to tmdbId through links.csv and drops unmapped ratings', () => {
    const dir = writeMovieLens(
      [
        [1, 1, 4, 10],
        [1, 2, 5, 20],
        [2, 3, 3, 30],
      ],
      [
        [1, 862],
        [2, 8844],
        [3, ''],
      ],
    );
    const { interactions, unmapped } = readMovieLens(dir);
    expect(interactions.map((r) => r.item)).toEqual([862, 8844]);
    expect(unmapped).toBe(1);
  });
});

describe(leaveLastOut.name, () => {
  it('holds out the last positive by time and seeds with the one before; negatives never count', () => {
    const r = (user: number, item: number, rating: number, timestamp: number) => ({
      user,
      item,
      rating,
      timestamp,
    });
    const data = [
      r(1, 10, 5, 1),
      r(1, 11, 4, 2),
      r(1, 12, 2, 3),
      r(1, 13, 4, 4),
      r(1, 14, 5, 6),
      r(1, 15, 4, 5),
      r(2, 10, 5, 1),
      r(2, 11, 5, 2), // too few positives: no case, all training
    ];
    const { cases, train } = leaveLastOut(data);
    expect(cases).toEqual([{ user: 1, seed: 15, target: 14 }]);
    expect(train.map((p) => `${p.user}:${p.item}`).sort()).toEqual([
      '1:10',
      '1:11',
      '1:13',
      '1:15',
      '2:10',
      '2:11',
    ]);
  });
});

describe(computeMetrics.name, () => {
  it('matches a hand-computed case', () => {
    // Case A: target at rank 0 → HR 1, NDCG 1. Case B: rank 2 → NDCG 1/log2(4) = 0.5.
    // Case C: rank 12 → miss at 10, hit at 20. Case D: absent.
    const filler = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    const ranked = [
      { list: [7, ...filler(100, 19)], target: 7 },
      { list: [100, 101, 7, ...filler(102, 17)], target: 7 },
      { list: [...filler(100, 12), 7, ...filler(112, 7)], target: 7 },
      { list: filler(100, 20), target: 7 },
    ];
    const m = computeMetrics(ranked, 200, (item) => (item === 7 ? 10 : 2));
    expect(m.hr10).toBeCloseTo(2 / 4);
    expect(m.ndcg10).toBeCloseTo((1 + 0.5) / 4);
    expect(m.recall20).toBeCloseTo(3 / 4);
    // Distinct items in the top 10s: 7 and 100..109 = 11 of a universe of 200.
    expect(m.coverage10).toBeCloseTo(11 / 200);
    // 40 recommended slots; item 7 appears twice in top 10s (pop 10), the rest pop 2.
    expect(m.meanPopularity10).toBeCloseTo((2 * 10 + 38 * 2) / 40);
  });
});
