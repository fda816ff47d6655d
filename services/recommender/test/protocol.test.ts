import { describe, expect, it } from 'vitest';
import { readMovieLens } from '../src/data/interactions';
import { computeMetrics, pairedBootstrap, perUserSplit, temporalSplit } from '../src/eval/protocol';
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

describe(temporalSplit.name, () => {
  const r = (user: number, item: number, rating: number, timestamp: number) => ({
    user,
    item,
    rating,
    timestamp,
  });
  const DAY = 86_400;

  it("trains strictly before the cut; seeds come from outside the target's session", () => {
    const data = [
      // Ten positives before the cut (days 1..10), so that the 0.8 quantile falls on day 9.
      ...Array.from({ length: 8 }, (_, i) => r(9, 100 + i, 5, (i + 1) * DAY)),
      r(1, 10, 5, 2 * DAY),
      r(1, 11, 4, 5 * DAY),
      r(1, 12, 2, 6 * DAY), // a negative: never a seed, never trained on
      // User 1's first positive after the cut: item 100 (a training item); the seed is the latest
      // positive more than a day before it (11), not one rated in the same session.
      r(1, 100, 5, 9 * DAY),
      r(1, 101, 5, 9 * DAY + 60),
      r(2, 10, 5, 9 * DAY - 3600), // an hour before its target: inside the same session
      r(2, 102, 5, 9 * DAY),
    ];
    const { cases, train, cut } = temporalSplit(data, { quantile: 0.8, targetsPerUser: 1 });
    expect(cut).toBe(9 * DAY);
    expect(train.every((p) => p.timestamp < cut)).toBe(true);
    expect(train.some((p) => p.item === 12)).toBe(false);
    // User 2's only earlier positive is less than a day before the target: no case.
    expect(cases).toEqual([{ user: 1, seed: 11, target: 100, time: 9 * DAY }]);
    // Up to 10 targets per user by default, each with its own seed from before its session.
    expect(temporalSplit(data, { quantile: 0.8 }).cases).toEqual([
      { user: 1, seed: 11, target: 100, time: 9 * DAY },
      { user: 1, seed: 11, target: 101, time: 9 * DAY + 60 },
    ]);
  });

  it('validation moves the whole split into the past: the test period is dropped', () => {
    const data = Array.from({ length: 20 }, (_, i) => r(1 + (i % 2), 200 + i, 5, (i + 1) * DAY));
    const test = temporalSplit(data);
    const val = temporalSplit(data, { validation: true });
    expect(val.cut).toBeLessThan(test.cut);
    expect(val.train.every((p) => p.timestamp < val.cut)).toBe(true);
  });
});

describe(perUserSplit.name, () => {
  const r = (user: number, item: number, timestamp: number) => ({ user, item, rating: 5, timestamp });
  const DAY = 86_400;

  it('cuts every user at their own time; seeds come from more than a day before the target', () => {
    const data = [
      // User 1: positives on days 1..5 (items 10..14); cut at the 4th (0.8 · 5): day 5 is test.
      ...Array.from({ length: 5 }, (_, i) => r(1, 10 + i, (i + 1) * DAY)),
      // User 2, years later: days 100..104 on items 11..14 and 20, so 10 (user 1's) is not theirs.
      ...[11, 12, 13, 20, 14].map((item, i) => r(2, item, (100 + i) * DAY)),
      // User 3: everything in one hour, cut inside that session: no seed more than a day before (14 trains here).
      ...[10, 11, 14, 12, 20].map((item, i) => r(3, item, 200 * DAY + i * 60)),
      // User 4: too few positives to take part.
      r(4, 10, 300 * DAY),
    ];
    const split = perUserSplit(data, { targetsPerUser: 1 });
    // Each user's training positives are before their own cut; user 2's trains though it is later than user 1's cut.
    expect(split.train.filter((p) => p.user === 1).map((p) => p.item)).toEqual([10, 11, 12, 13]);
    expect(split.train.filter((p) => p.user === 2).map((p) => p.item)).toEqual([11, 12, 13, 20]);
    expect(split.train.some((p) => p.user === 4)).toBe(false);
    // A seed exactly a day before its target is still too close (day 4 for user 1, day 103 for user 2).
    expect(split.cases).toEqual([
      { user: 1, seed: 12, target: 14, time: 5 * DAY, cut: 5 * DAY },
      { user: 2, seed: 13, target: 14, time: 104 * DAY, cut: 104 * DAY },
    ]);
    // Validation drops each user's test period and cuts again: user 1 keeps 4 positives, too few.
    const val = perUserSplit(data, { validation: true });
    expect(val.train.some((p) => p.user === 1)).toBe(false);
    expect(val.train.every((p) => p.item !== 14)).toBe(true);
  });
});

describe(pairedBootstrap.name, () => {
  it('an interval around the ratio that excludes 1 for a clear winner and includes it for a tie', () => {
    const a = Float64Array.from({ length: 200 }, (_, i) => (i % 2 ? 1 : 0));
    const b = Float64Array.from({ length: 200 }, (_, i) => (i % 4 === 1 ? 1 : 0));
    const win = pairedBootstrap(a, b);
    expect(win.ratio).toBeCloseTo(2);
    expect(win.low).toBeGreaterThan(1);
    expect(win.high).toBeGreaterThanOrEqual(win.ratio);
    const tie = pairedBootstrap(a, a);
    expect([tie.low, tie.ratio, tie.high]).toEqual([1, 1, 1]);
    // Seeded: the same interval every run.
    expect(pairedBootstrap(a, b)).toEqual(win);
    // Resampling users: one case per user is the plain bootstrap; ten agreeing cases per user widen it.
    expect(
      pairedBootstrap(
        a,
        b,
        2000,
        13,
        Array.from(a, (_, i) => i),
      ),
    ).toEqual(win);
    const sorted = Float64Array.from(a).sort();
    const byUser = pairedBootstrap(
      sorted,
      b,
      2000,
      13,
      Array.from(a, (_, i) => Math.floor(i / 10)),
    );
    const plain = pairedBootstrap(sorted, b);
    expect(byUser.high - byUser.low).toBeGreaterThan(plain.high - plain.low);
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
