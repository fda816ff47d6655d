import { describe, expect, it } from 'vitest';
import { rankForYou, trendingOf } from '@app/contracts/for-you';
import { buildModel } from '../src/train/build-model';
import { smallCatalog } from './fixture';

const DAY = 86400;
const genres: Record<number, number[]> = { 1: [16, 10751], 2: [27], 3: [16], 4: [18], 5: [16, 35] };
const genresOf = (id: number) => genres[id];

describe(trendingOf.name, () => {
  it('weighs recent positives over old ones, and needs enough distinct users', () => {
    const now = 1000 * DAY;
    const positives = [
      // Film 1: ten users, a year ago. Film 3: ten users, last week. Film 2: one user, 50 times today.
      ...Array.from({ length: 10 }, (_, u) => ({ user: u, item: 1, timestamp: now - 365 * DAY })),
      ...Array.from({ length: 10 }, (_, u) => ({ user: u, item: 3, timestamp: now - 7 * DAY })),
      ...Array.from({ length: 50 }, () => ({ user: 99, item: 2, timestamp: now })),
      // Film 4 is not in the catalog (no genres): never trends.
      ...Array.from({ length: 20 }, (_, u) => ({ user: u, item: 77, timestamp: now })),
    ];
    const t = trendingOf(positives, genresOf, { tauDays: 365, minUsers: 8 });
    expect(t.map((x) => x.item)).toEqual([3, 1]);
    expect(t[0]).toEqual({ item: 3, score: 1, genres: [16] });
    expect(t[1]!.score).toBeCloseTo(Math.exp(-1) / Math.exp(-7 / 365), 5);
    // "Lately" is the newest positive in the data when no clock is given.
    expect(trendingOf(positives, genresOf, { tauDays: 365, minUsers: 8, now }).map((x) => x.item)).toEqual([
      3, 1,
    ]);
    // Five accounts cannot make a film trend.
    const five = Array.from({ length: 5 }, (_, u) => ({ user: `fake${u}`, item: 2, timestamp: now }));
    expect(trendingOf(five, genresOf)).toEqual([]);
  });
});

describe(rankForYou.name, () => {
  const seeds = [
    { item: 1, weight: 1, genres: [16, 10751] },
    { item: 4, weight: 0.3, genres: [18] },
  ];
  const lists = [
    [10, 11, 12, 4],
    [20, 21, 10],
  ];

  it('without a prior: the neighbours of their films, strongest seed first, nothing they have', () => {
    const picks = rankForYou(seeds, lists, [], new Set([12]), { prior: 0 });
    const ids = picks.map((p) => p.item);
    expect(ids).toEqual([10, 11, 20, 21]);
    expect(picks[0]).toMatchObject({ item: 10, because: 1, popular: false });
    expect(picks.find((p) => p.item === 20)!.because).toBe(4);
  });

  it('the popular-lately prior adds films of their genres only, with their newest film of that genre as the reason', () => {
    const trending = [
      { item: 2, score: 1, genres: [27] }, // horror: nothing like their films
      { item: 3, score: 0.9, genres: [16] },
      { item: 11, score: 0.8, genres: [16, 10751] }, // already a neighbour of film 1
    ];
    const picks = rankForYou(seeds, lists, trending, new Set(), { prior: 0.85 });
    const ids = picks.map((p) => p.item);
    expect(ids).not.toContain(2);
    expect(ids.slice(0, 2)).toEqual([11, 3]);
    expect(picks[1]).toMatchObject({ item: 3, because: 1, popular: true });
    expect(picks[0]).toMatchObject({ item: 11, because: 1, popular: false });
  });

  it('fills at most its share of the row with popular-lately films', () => {
    const trending = Array.from({ length: 30 }, (_, i) => ({
      item: 100 + i,
      score: 1 - i / 100,
      genres: [16],
    }));
    const picks = rankForYou(seeds, lists, trending, new Set(), { prior: 0.9, limit: 10 });
    expect(picks).toHaveLength(10);
    expect(picks.filter((p) => p.popular)).toHaveLength(5);
  });
});

describe('the served model', () => {
  it('has no popular-lately list without collaborative data, and one from it with', () => {
    expect(buildModel({ catalog: smallCatalog() }).trending).toEqual([]);
    const catalog = smallCatalog();
    const ids = [...catalog.byId.keys()];
    const signals = Array.from({ length: 9 }, (_, u) => ({
      user: `u${u}`,
      item: ids[0]!,
      timestamp: 1_700_000_000 + u,
      kind: 'like' as const,
    }));
    const trending = buildModel({ catalog, signals }).trending!;
    expect(trending.map((t) => t.item)).toEqual([ids[0]]);
    expect(trending[0]!.genres).toEqual(catalog.get(ids[0]!)!.genre_ids);
  });
});
