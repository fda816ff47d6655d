import { describe, expect, it } from 'vitest';
import { judge, readJudged, type JudgedSeed } from '../src/eval/judged';
import { catalogOf, movie } from './fixture';

describe(judge.name, () => {
  // Seed 1 (animation, 2000, franchise 2); its list: 2 (franchise, 2001), 3 (animation, 2001), 4 (drama, 1980).
  // Seed 5 (drama, 1990); its list: 4, 6 (drama, 1990). Film 4 is in both lists of the group.
  const catalog = catalogOf([
    movie(1, { genre_ids: [16], release_date: '2000-01-01' }),
    movie(2, { genre_ids: [16], release_date: '2001-01-01' }),
    movie(3, { genre_ids: [16], release_date: '2001-06-01' }),
    movie(4, { genre_ids: [18], release_date: '1980-01-01' }),
    movie(5, { genre_ids: [18], release_date: '1990-01-01' }),
    movie(6, { genre_ids: [18], release_date: '1990-05-01' }),
  ]);
  const seed = (tmdb_id: number, main_genre: string, year: number, franchise_ids: number[]): JudgedSeed => ({
    tmdb_id,
    title: `S${tmdb_id}`,
    year,
    main_genre,
    audience: 'general',
    franchise_ids,
    expect: '',
  });
  const lists: Record<number, number[]> = { 1: [2, 3, 4], 5: [4, 6] };

  it('counts genre, franchise, near years (franchise aside) and films recurring across a group', () => {
    const { summary, perSeed } = judge(
      (id) => lists[id]!,
      catalog,
      [seed(1, 'Animation', 2000, [2]), seed(5, 'Drama', 1990, [])],
      [[1, 5]],
    );
    expect(summary.main_genre_share).toBeCloseTo(4 / 5); // 2, 3 | 4, 6 share; 4 after seed 1 does not
    expect([summary.franchise_seeds, summary.franchise_seeds_hit]).toEqual([1, 1]);
    expect(summary.franchise_recall).toBe(1);
    // Non-franchise picks: 3 (near), 4 (far) | 4 (far), 6 (near) → 2 of 4.
    expect(summary.near_year_share).toBeCloseTo(0.5);
    expect(perSeed[0]!.near_year_base).toBeCloseTo(1); // every animation film is within ±2 years of 2000
    expect(summary.max_lists_per_film).toBe(2);
    expect(summary.recurring).toEqual([]);
    const three = judge(
      (id) => lists[id] ?? [4],
      catalog,
      [seed(1, 'Animation', 2000, [2]), seed(5, 'Drama', 1990, []), seed(6, 'Drama', 1990, [])],
      [[1, 5, 6]],
    );
    expect(three.summary.recurring.map((r) => r.tmdb_id)).toEqual([4]);
  });

  it("reads the evaluator's seeds: at least 20, across genres, with franchises", () => {
    const { seeds, groups } = readJudged();
    expect(seeds.length).toBeGreaterThanOrEqual(20);
    expect(new Set(seeds.map((s) => s.main_genre)).size).toBeGreaterThan(8);
    expect(seeds.some((s) => s.franchise_ids.length > 0)).toBe(true);
    expect(groups.length).toBeGreaterThan(0);
  });
});
