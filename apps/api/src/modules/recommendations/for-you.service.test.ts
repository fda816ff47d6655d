import { RecommenderUserQuery, RECOMMEND_USER_MAX_EXCLUDE, RECOMMEND_USER_MAX_ITEMS } from '@app/contracts';
import { blendFriends, friendScores } from '@app/contracts/for-you';
import { ratingWeight } from '@app/contracts/signals';
import { describe, expect, it } from 'vitest';
import type { Signal } from '../library/signals.repository';
import { historyQuery } from './for-you.service';

describe('historyQuery: the body of POST /recommend/user', () => {
  it('keeps a very large library inside the contract: the newest films sent, the rest excluded up to the cap', () => {
    const n = 13_500;
    // Film 1 is the oldest, film n the newest; a like on each.
    const signals: Signal[] = Array.from({ length: n }, (_, i) => ({
      user: 'u',
      item: i + 1,
      timestamp: 1_000_000 + i,
      kind: 'like' as const,
    }));
    const { items, exclude } = historyQuery(signals);
    expect(items).toHaveLength(RECOMMEND_USER_MAX_ITEMS);
    expect(items[0]!.tmdbId).toBe(n);
    expect(exclude).toHaveLength(RECOMMEND_USER_MAX_EXCLUDE);
    // The excluded films are the newest of those not sent.
    expect(exclude[0]).toBe(n - RECOMMEND_USER_MAX_ITEMS);
    expect(new Set([...items.map((i) => i.tmdbId), ...exclude]).size).toBe(
      RECOMMEND_USER_MAX_ITEMS + RECOMMEND_USER_MAX_EXCLUDE,
    );
    // What the service's contract checks (its 400 made every such call fall back before).
    expect(RecommenderUserQuery.safeParse({ items, top_n: 20, exclude }).success).toBe(true);
  });

  it('a smaller library: every film not sent is excluded, a neutral film too', () => {
    const signals: Signal[] = [
      ...Array.from({ length: RECOMMEND_USER_MAX_ITEMS + 5 }, (_, i) => ({
        user: 'u',
        item: i + 1,
        timestamp: 2_000 + i,
        kind: 'watched' as const,
      })),
      { user: 'u', item: 99_999, timestamp: 5_000, kind: 'rated', rating: 3 }, // weight 0.4, the newest
    ];
    const { items, exclude } = historyQuery(signals);
    expect(items).toHaveLength(RECOMMEND_USER_MAX_ITEMS);
    expect(items[0]).toMatchObject({ tmdbId: 99_999, weight: 0.4 });
    expect(exclude.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('friends in the row (decision 0095): friendScores and blendFriends', () => {
  const DAY = 86400;
  const now = 1_800_000_000;
  it('a fresh 5 stars is 1, a like and 4.5 stars less, older signals less; a friend counts once per film', () => {
    const scores = friendScores(
      [
        { friend: 'ana', item: 1, rating: 5, timestamp: now },
        { friend: 'ana', item: 1, rating: null, timestamp: now }, // the same friend's like: not added
        { friend: 'ana', item: 2, rating: null, timestamp: now },
        { friend: 'bob', item: 3, rating: 4.5, timestamp: now },
        { friend: 'bob', item: 4, rating: 5, timestamp: now - 90 * DAY },
        { friend: 'bob', item: 2, rating: 5, timestamp: now - 1 * DAY },
      ],
      now,
    );
    expect(scores.get(1)).toEqual({ score: 1, friend: 'ana', rating: 5 });
    expect(scores.get(3)!.score).toBeCloseTo(ratingWeight(4.5) / ratingWeight(5));
    expect(scores.get(4)!.score).toBeCloseTo(Math.exp(-1));
    // Two friends add up (capped at 1); the reason is the one who counts most.
    expect(scores.get(2)).toMatchObject({ score: 1, friend: 'bob', rating: 5 });
  });

  it('friends lift the picks they love, add theirs at most to half the row, and leave the library out', () => {
    const own = Array.from({ length: 20 }, (_, i) => 100 + i);
    const friends = new Map([
      [119, { score: 1, friend: 'ana', rating: 5 }], // the user's last pick, loved by a friend
      ...Array.from({ length: 15 }, (_, i) => [200 + i, { score: 1, friend: 'ana', rating: 5 }] as const),
      [7, { score: 1, friend: 'ana', rating: 5 }], // already in the library
    ]);
    const row = blendFriends(own, friends, new Set([7]), { limit: 20 });
    expect(row).toHaveLength(20);
    expect(row[0]).toMatchObject({ item: 100, byFriend: false });
    const lifted = row.findIndex((r) => r.item === 119);
    expect(lifted).toBeGreaterThanOrEqual(0);
    expect(row[lifted]!.byFriend).toBe(true);
    // A fresh 5 stars (0.35) ranks beside the user's tenth pick: the top ten stay, friends fill the rest.
    for (const item of own.slice(0, 10)) expect(row.map((r) => r.item)).toContain(item);
    expect(row.filter((r) => r.item >= 200).length).toBe(9);
    // With more own picks than room, the friends' own films stay within half the row.
    const many = blendFriends(own, friends, new Set([7]), { limit: 20, share: 0.9 });
    expect(many.filter((r) => r.item >= 200)).toHaveLength(10);
    expect(row.map((r) => r.item)).not.toContain(7);
    // Without own picks, friends fill the row.
    expect(blendFriends([], friends, new Set([7]), { limit: 20 })).toHaveLength(16);
  });
});
