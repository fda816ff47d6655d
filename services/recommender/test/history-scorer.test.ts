import { describe, expect, it } from 'vitest';
import type { Interaction } from '../src/data/interactions';
import { EaseModel } from '../src/model/ease';
import { ImplicitMatrix } from '../src/model/implicit';
import { collaborativeNeighbours, rankHistory, type HistorySources } from '../src/model/history-scorer';
import { buildModel } from '../src/train/build-model';
import { smallCatalog } from './fixture';

/** `n` users who each like every film of `items` (ratings of 4.5), from user id `from` on. */
const group = (from: number, n: number, items: number[], t = 1_600_000_000): Interaction[] =>
  Array.from({ length: n }, (_, u) =>
    items.map((item) => ({ user: from + u, item, rating: 4.5, timestamp: t })),
  ).flat();

const day = 86400;

describe('collaborative neighbours for a history', () => {
  it('links films many users like together, and not a pair only a handful of accounts share', () => {
    const pairs = [...group(1, 12, [101, 201]), ...group(100, 5, [101, 301]), ...group(200, 20, [102])];
    const m = new ImplicitMatrix(pairs.map((p) => ({ user: p.user, item: p.item })));
    const lists = collaborativeNeighbours(m, () => true, { minSupport: 8 });
    const of101 = lists.get(101)!;
    expect(of101.filter((_, k) => k % 2 === 0)).toEqual([201]); // the western's 5 accounts make no pair
    expect(of101[1]).toBeCloseTo(12 / Math.sqrt(17 * 12), 5);
    // With a lower bar the pair appears, below the better-supported one.
    const loose = collaborativeNeighbours(m, () => true, { minSupport: 3 }).get(101)!;
    expect(loose.filter((_, k) => k % 2 === 0)).toEqual([201, 301]);
    // The kind rule (or any fit) is applied per (seed, candidate).
    expect(collaborativeNeighbours(m, (_, b) => b !== 201, { minSupport: 8 }).get(101)).toBeUndefined();
  });

  it('scores pairs by RP3β or EASE under the same support rule (decision 0038)', () => {
    // 101's fans: 12 also like 201 (which 30 others like too: popular), 10 also like 202 (nobody else).
    const pairs = [
      ...group(1, 12, [101, 201]),
      ...group(50, 10, [101, 202]),
      ...group(100, 30, [201, 203]),
      ...group(200, 5, [101, 301]),
    ];
    const m = new ImplicitMatrix(pairs.map((p) => ({ user: p.user, item: p.item })));
    const idsOf = (l: number[] | undefined) => (l ?? []).filter((_, k) => k % 2 === 0);
    const rp3 = (beta: number) =>
      collaborativeNeighbours(m, () => true, {
        minSupport: 8,
        method: 'rp3',
        rp3Alpha: 1,
        rp3Beta: beta,
      }).get(101)!;
    // α 1, β 0: the walk's probability, 12 users × (1/27) × (1/2) for 201; 301's 5 accounts make no pair.
    expect(idsOf(rp3(0))).toEqual([201, 202]);
    expect(rp3(0)[1]).toBeCloseTo((12 * (1 / 27) * (1 / 2)).valueOf(), 5);
    // β 1 discounts the popular arrival: 202 (10 users) overtakes 201 (42 users).
    expect(idsOf(rp3(1))).toEqual([202, 201]);
    // EASE: the row of B, only positive weights, only supported pairs, best first.
    const ease = new EaseModel(m, 10, 1);
    const list = collaborativeNeighbours(m, () => true, {
      minSupport: 8,
      method: 'ease',
      ease: (i) => ease.rowOf(i, m.nItems),
    }).get(101)!;
    const row = ease.rowOf(m.itemIndex.get(101)!, m.nItems)!;
    const expected = [201, 202]
      .map((id) => [id, row[m.itemIndex.get(id)!]!] as const)
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1]);
    expect(idsOf(list)).toEqual(expected.map(([id]) => id));
    expect(list[1]).toBeCloseTo(expected[0]![1], 4);
    expect(idsOf(list)).not.toContain(301);
    // EASE counts positive signals only: users who rated 101 and 202 low change nothing.
    const low = [...Array(6).keys()].flatMap((u) =>
      [101, 202].map((item) => ({ user: 900 + u, item, weight: -1 })),
    );
    const withLow = new ImplicitMatrix([...pairs.map((p) => ({ user: p.user, item: p.item })), ...low]);
    const easeLow = new EaseModel(withLow, 10, 1).rowOf(withLow.itemIndex.get(101)!, withLow.nItems)!;
    for (const id of [201, 202, 203])
      expect(easeLow[withLow.itemIndex.get(id)!]).toBeCloseTo(row[m.itemIndex.get(id)!]!, 9);
  });

  it('is built into the model with collaborative data, and absent from the content-only model', () => {
    const interactions = [...group(1, 12, [101, 201]), ...group(100, 5, [101, 301])];
    const withCf = buildModel({ catalog: smallCatalog(), ratings: { path: 'test', interactions } });
    expect(withCf.collaborative?.['101']?.[0]).toBe(201);
    expect(withCf.collaborative?.['101']).not.toContain(301);
    expect(withCf.genres?.['101']).toEqual([878]);
    const content = buildModel({ catalog: smallCatalog() });
    expect(content.collaborative).toBeUndefined();
  });
});

describe('rankHistory', () => {
  const genres: Record<number, number[]> = {
    1: [878],
    2: [80],
    3: [35],
    10: [878],
    11: [878],
    20: [80],
    30: [35],
  };
  const sources = (over: Partial<HistorySources> = {}): HistorySources => ({
    collaborative: (id) => ({ 1: [10, 0.9, 20, 0.3], 2: [20, 0.8, 30, 0.5], 3: [30, 0.9, 11, 0.6] })[id],
    content: (id) => ({ 1: [11, 10], 2: [20], 3: [30] })[id],
    trending: [],
    genresOf: (id) => genres[id],
    ...over,
  });

  it('sums neighbours over the whole history, says which film brought each pick, and leaves out the history', () => {
    const picks = rankHistory(
      [
        { item: 1, weight: 1, timestamp: 100 * day },
        { item: 2, weight: 1, timestamp: 100 * day },
      ],
      sources({ content: () => undefined }),
      new Set(),
    );
    // 20 is a neighbour of both films (0.3 + 0.8) and leads; 10 follows; because = the bigger contributor.
    expect(picks.map((p) => p.item)).toEqual([20, 10, 30]);
    expect(picks.map((p) => p.because)).toEqual([2, 1, 2]);
    expect(picks.every((p) => !p.popular)).toBe(true);
    expect(rankHistory([{ item: 1, weight: 1 }], sources(), new Set([10])).map((p) => p.item)).not.toContain(
      10,
    );
  });

  it('weighs recent films more and counts a low rating against its neighbours', () => {
    const old = { item: 1, weight: 1, timestamp: 0 };
    const recent = { item: 3, weight: 1, timestamp: 3 * 365 * day };
    const ranked = (h: Parameters<typeof rankHistory>[0], tau: number) =>
      rankHistory(h, sources({ content: () => undefined }), new Set(), { recencyTauDays: tau }).map(
        (p) => p.item,
      );
    // 10 (0.9 from the old film) against 30 (0.9 from the recent one): recency decides.
    expect(ranked([old, recent], 365).indexOf(30)).toBeLessThan(ranked([old, recent], 365).indexOf(10));
    // A film rated low (negative weight) pushes its neighbours down: 30 falls below 11, 20 is gone.
    const liked = [
      { item: 1, weight: 1 },
      { item: 3, weight: 1 },
    ];
    expect(ranked(liked, 365)).toEqual([10, 30, 11, 20]);
    expect(ranked([...liked, { item: 2, weight: -1.25 }], 365)).toEqual([10, 11, 30]);
  });

  it('works on content alone (no collaborative data) and keeps popular-lately picks within the genres', () => {
    const trending = [
      { item: 40, score: 1, genres: [99] }, // a documentary: no film of this person's genres
      { item: 41, score: 0.9, genres: [878] },
    ];
    const picks = rankHistory(
      [{ item: 1, weight: 1 }],
      sources({ collaborative: () => undefined, trending }),
      new Set(),
      { prior: 0.3 },
    );
    expect(picks.map((p) => p.item)).toEqual(expect.arrayContaining([11, 10, 41]));
    expect(picks.map((p) => p.item)).not.toContain(40);
    expect(picks.find((p) => p.item === 41)).toMatchObject({ popular: true, because: 1 });
    expect(picks.find((p) => p.item === 11)).toMatchObject({ popular: false, because: 1 });
  });

  it('leans on content while few films of the history have collaborative neighbours (collaborativeHalfAt)', () => {
    // Film 1's collaborative best is 10, its content best 11 (10 not in its content list here).
    const h = [{ item: 1, weight: 1 }];
    const own = sources({ content: (id) => (id === 1 ? [11, 30] : undefined) });
    const first = (o: Parameters<typeof rankHistory>[3]) => rankHistory(h, own, new Set(), o)[0]!.item;
    expect(first({ collaborative: 0.8 })).toBe(10);
    // One film with lists, half at 3: the share is 0.8 · 1/4 = 0.2, and content leads.
    expect(first({ collaborative: 0.8, collaborativeHalfAt: 3 })).toBe(11);
    // With many such films the full share comes back.
    const many = [1, 2, 3].map((item) => ({ item, weight: 1 }));
    const c0 = rankHistory(many, sources(), new Set(), { collaborative: 0.8 }).map((p) => p.item);
    const c3 = rankHistory(many, sources(), new Set(), { collaborative: 0.8, collaborativeHalfAt: 0.01 }).map(
      (p) => p.item,
    );
    expect(c3).toEqual(c0);
  });

  it('spreads the row over the history: no film brings more than its share while others have picks', () => {
    const many = Array.from({ length: 30 }, (_, k) => [100 + k, 1 - k / 100]).flat();
    const picks = rankHistory(
      [
        { item: 1, weight: 1 },
        { item: 2, weight: 1 },
      ],
      sources({
        collaborative: (id) => (id === 1 ? many : id === 2 ? [20, 0.1, 30, 0.05] : undefined),
        content: () => undefined,
      }),
      new Set(),
      { limit: 10, maxShareOfOneSeed: 0.4 },
    );
    expect(picks).toHaveLength(10);
    // Film 2's weak neighbours get in before film 1's fifth (4 = 40% of 10), then film 1 fills the rest.
    expect(picks.slice(0, 6).map((p) => p.because)).toEqual([1, 1, 1, 1, 2, 2]);
    expect(picks.slice(6).every((p) => p.because === 1)).toBe(true);
  });
});
