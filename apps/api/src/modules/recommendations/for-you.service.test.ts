import { RecommenderUserQuery, RECOMMEND_USER_MAX_EXCLUDE, RECOMMEND_USER_MAX_ITEMS } from '@app/contracts';
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
