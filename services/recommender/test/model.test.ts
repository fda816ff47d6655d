import { describe, expect, it } from 'vitest';
import { invertSpd } from '../src/model/ease';
import { ImplicitMatrix } from '../src/model/implicit';
import { buildModel } from '../src/train/build-model';
import { readMovieLens } from '../src/data/interactions';
import { notability, quality, SIMILAR } from '../src/model/similar';
import type { CatalogMovie } from '@app/catalog';
import { catalogOf, movie, smallCatalog, writeMovieLens } from './fixture';

const ids = (list: number[]) => list.filter((_, i) => i % 2 === 0);

describe(buildModel.name, () => {
  it('gives content neighbours with no ratings at all: alike films first', () => {
    const a = buildModel({ catalog: smallCatalog(), now: new Date('2026-01-01T00:00:00Z') });
    expect(ids(a.neighbours['101']!)[0]).toBe(102);
    expect(ids(a.neighbours['201']!)[0]).toBe(202);
    expect(ids(a.neighbours['101']!)).not.toContain(101);
    expect(a.algorithm).toMatch(/^similar \(content\)/);
    expect(a.ratings['101']).toBe(8.1);
  });

  it('is deterministic: the same input gives the same neighbours', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(buildModel({ catalog: smallCatalog(), now })).toEqual(
      buildModel({ catalog: smallCatalog(), now }),
    );
  });

  it('trains from a MovieLens folder: co-liked films of the same kind rise, through the movieId→tmdbId join', () => {
    // MovieLens ids 1..4 are TMDB 101, 103, 201, 202. Thirty users like Space One and Space Three.
    const rows: [number, number, number, number][] = [];
    for (let u = 1; u <= 30; u++) {
      rows.push([u, 1, 5, u * 100], [u, 2, 5, u * 100 + 1]);
      if (u % 2) rows.push([u, 3, 4, u * 100 + 50], [u, 4, 4, u * 100 + 51]);
    }
    const dir = writeMovieLens(rows, [
      [1, 101],
      [2, 103],
      [3, 201],
      [4, 202],
    ]);
    const { interactions } = readMovieLens(dir);
    const content = buildModel({ catalog: smallCatalog() });
    expect(ids(content.neighbours['101']!)[0]).toBe(102);
    const a = buildModel({ catalog: smallCatalog(), ratings: { path: dir, interactions } });
    expect(ids(a.neighbours['101']!)[0]).toBe(103);
    expect(a.sources.ratings).toMatchObject({ interactions: rows.length, users: 30, items: 4 });
    expect(a.algorithm).toMatch(/^similar: /);
    // A movie with no ratings keeps content neighbours.
    expect(ids(a.neighbours['102']!)[0]).toBe(101);
  });

  it('puts the franchise first, keeps the audience, and spreads release years', () => {
    const anim = (id: number, over: Partial<CatalogMovie>) =>
      movie(id, {
        genre_ids: [16, 10751],
        keywords: ['toy', 'friendship'],
        overview: 'Toys come alive.',
        ...over,
      });
    const catalog = catalogOf([
      anim(1, { title: 'Toys', collection: { id: 9, name: 'Toys Collection' }, release_date: '1995-01-01' }),
      anim(2, {
        title: 'Toys 2',
        collection: { id: 9, name: 'Toys Collection' },
        keywords: ['sequel'],
        overview: 'Again.',
        release_date: '1999-01-01',
      }),
      anim(3, { title: 'Other Toys', release_date: '1995-06-01' }),
      anim(4, { title: 'More Toys', release_date: '1996-01-01' }),
      anim(5, { title: 'Toys Abroad', release_date: '2008-01-01' }),
      // Live action, for adults, with the same words: shares no audience.
      movie(6, {
        title: 'Killer Toys',
        genre_ids: [27, 53],
        keywords: ['toy', 'friendship'],
        overview: 'Toys come alive.',
        release_date: '1995-01-01',
      }),
      ...Array.from({ length: 8 }, (_, i) => movie(100 + i, { genre_ids: [35] })),
    ]);
    const a = buildModel({ catalog });
    const list = ids(a.neighbours['1']!);
    expect(list[0]).toBe(2); // the sequel first, though it shares no words
    expect(list.indexOf(6)).toBeGreaterThan(list.indexOf(5)); // animation before the adult horror
    expect(list.slice(1, 4).sort()).toEqual([3, 4, 5]);
  });

  it('keeps to feature films people know after a feature: no shorts, TV specials or obscure titles, even from the franchise', () => {
    const anim = (id: number, over: Partial<CatalogMovie>) =>
      movie(id, {
        genre_ids: [16, 10751],
        keywords: ['toy', 'friendship'],
        overview: 'Toys come alive.',
        collection: { id: 9, name: 'Toys Collection' },
        ...over,
      });
    const catalog = catalogOf([
      anim(1, { title: 'Toys', vote_count: 5000 }),
      anim(2, { title: 'Toys 2', vote_count: 3000 }),
      anim(8, { title: 'Toys 3: few saw it', vote_count: 30 }), // obscure, but the franchise's
      anim(3, { title: 'Toys: the short', runtime: 7, vote_count: 400 }),
      anim(4, { title: 'Toys: the TV special', genre_ids: [16, 10751, 10770], runtime: 44, vote_count: 300 }),
      anim(5, { title: 'Toys Abroad', collection: null, vote_count: 20 }), // obscure
      anim(6, { title: 'Toys at Sea', collection: null, vote_count: 800 }),
      anim(7, { title: 'Another short', collection: null, runtime: 6, vote_count: 150 }),
      ...Array.from({ length: 8 }, (_, i) => movie(100 + i, { genre_ids: [35] })),
    ]);
    const a = buildModel({ catalog });
    const after = (id: number) => ids(a.neighbours[String(id)]!);
    expect(after(1).slice(0, 3)).toEqual([2, 8, 6]);
    for (const odd of [3, 4, 5, 7]) expect(after(1)).not.toContain(odd);
    // A seed of the other kind may be followed by its own kind: a short by shorts, an obscure film by obscure ones.
    expect(after(3)).toContain(7);
    expect(after(5)).toContain(1);
    expect(after(4)).toContain(1);
  });

  it("gives a feature its franchise's shorts and TV specials when the franchise has no other feature", () => {
    const anim = (id: number, over: Partial<CatalogMovie>) =>
      movie(id, {
        genre_ids: [16, 10751],
        keywords: ['snow', 'sisters'],
        overview: 'Two sisters and a winter.',
        collection: { id: 7, name: 'Snow Collection' },
        ...over,
      });
    const catalog = catalogOf([
      anim(1, { title: 'Snow', vote_count: 5000 }),
      anim(2, { title: 'Snow: the short', runtime: 8, vote_count: 600 }),
      anim(3, { title: 'Snow: the TV special', genre_ids: [16, 10751, 10770], runtime: 44, vote_count: 300 }),
      anim(4, { title: 'Snow: a short nobody saw', runtime: 5, vote_count: 4 }), // under the floor
      anim(5, { title: 'Winter Sisters', collection: null, vote_count: 900 }),
      anim(6, { title: 'Another short', collection: null, runtime: 6, vote_count: 150 }),
      ...Array.from({ length: 8 }, (_, i) => movie(100 + i, { genre_ids: [35] })),
    ]);
    const after = ids(buildModel({ catalog }).neighbours['1']!);
    expect(after.slice(0, 2).sort()).toEqual([2, 3]);
    // Only the franchise's own: other shorts still stay out after a feature, and nothing under the floor.
    expect(after).not.toContain(6);
    expect(after).not.toContain(4);
    expect(after).toContain(5);
  });

  it('prefers the well-known, well-rated films of the same kind, relative to how known the seed is', () => {
    const heist = (id: number, over: Partial<CatalogMovie>) =>
      movie(id, {
        genre_ids: [80, 53],
        keywords: ['heist', 'bank robbery', 'los angeles', 'safecracker'],
        overview: 'A crew of thieves plans one last bank heist.',
        ...over,
      });
    const catalog = catalogOf([
      heist(1, {
        title: 'Big Heist',
        vote_count: 5000,
        vote_average: 7.8,
        production_companies: [{ id: 77, name: 'Heist Pictures' }],
      }),
      // Closest in content (every keyword, the same company), but few people saw it and they did not like it much.
      heist(2, {
        title: 'Cheap Heist',
        vote_count: 60,
        vote_average: 6.0,
        release_date: '2004-01-01',
        production_companies: [{ id: 77, name: 'Heist Pictures' }],
      }),
      // Fewer keywords and words in common, but a film people know and rate well.
      heist(3, {
        title: 'Classic Heist',
        keywords: ['heist', 'bank robbery'],
        overview: 'Thieves rob a bank.',
        vote_count: 3000,
        vote_average: 7.9,
        release_date: '1990-01-01',
      }),
      heist(4, { title: 'Small Heist', vote_count: 55, vote_average: 6.5, release_date: '1990-01-01' }),
      ...Array.from({ length: 8 }, (_, i) => movie(100 + i, { genre_ids: [35], keywords: [`k${i}`] })),
    ]);
    const a = buildModel({ catalog });
    const after = (id: number) => ids(a.neighbours[String(id)]!);
    // After a well-known seed, the film people know comes before the closer obscure one.
    expect(after(1)[0]).toBe(3);
    expect(after(1).indexOf(2)).toBeGreaterThan(0);
  });

  it('shrinks a few votes towards the typical average, and judges notability against the seed', () => {
    const m = (vote_count: number, vote_average: number) => movie(1, { vote_count, vote_average });
    expect(quality(m(12, 8.5))).toBeLessThan(quality(m(3000, 7.8)));
    expect(quality(m(3000, 7.8))).toBeLessThan(quality(m(3000, 8.5)) + 1e-9);
    expect(quality(m(5000, 4))).toBeCloseTo(1 - SIMILAR.qualityWeight);
    // Up to ten times fewer votes than the seed costs nothing; a thousand times fewer costs much.
    expect(notability(m(5000, 7), m(600, 7))).toBe(1);
    expect(notability(m(5000, 7), m(5, 7))).toBeLessThan(0.4);
    expect(notability(m(50, 7), m(20, 7))).toBe(1);
    expect(notability(m(50, 7), m(90000, 7))).toBe(1);
  });
});

describe('collaborative pieces', () => {
  it('cosine item-kNN and RP3beta rank the co-liked item first', () => {
    const m = new ImplicitMatrix([
      { user: 1, item: 10 },
      { user: 1, item: 20 },
      { user: 2, item: 10 },
      { user: 2, item: 20 },
      { user: 3, item: 10 },
      { user: 3, item: 30 },
    ]);
    const s = m.itemIndex.get(10)!;
    expect(m.itemIds[m.topFrom(m.cosineFrom(s), 1, s)[0]!]).toBe(20);
    expect(m.itemIds[m.topFrom(m.rp3betaFrom(s), 1, s)[0]!]).toBe(20);
  });

  it('inverts a symmetric positive definite matrix', () => {
    const A = Float64Array.from([4, 1, 2, 1, 3, 0, 2, 0, 5]);
    const inv = invertSpd(Float64Array.from(A), 3);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        let v = 0;
        for (let k = 0; k < 3; k++) v += A[i * 3 + k]! * inv[k * 3 + j]!;
        expect(v).toBeCloseTo(i === j ? 1 : 0, 10);
      }
  });
});

describe('product signals', () => {
  it('reads the API export and lets likes pull films together', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { readSignalsFile } = await import('../src/train/signals');
    const dir = mkdtempSync(join(tmpdir(), 'sig-'));
    const file = join(dir, 'signals.jsonl');
    const lines: string[] = [];
    for (let u = 0; u < 20; u++) {
      lines.push(JSON.stringify({ user: `u${u}`, item: 101, timestamp: 1000 + u * 10 }));
      lines.push(JSON.stringify({ user: `u${u}`, item: 103, timestamp: 1001 + u * 10, kind: 'like' }));
    }
    writeFileSync(file, `${lines.join('\n')}\n{"user": 5, "item": "x"}\nnot json\n`);
    const signals = readSignalsFile(file);
    expect(signals).toHaveLength(40);
    const a = buildModel({ catalog: smallCatalog(), signals });
    expect(ids(a.neighbours['101']!)[0]).toBe(103);
    expect(a.sources.product_signals).toBe(40);
    expect(readSignalsFile(join(dir, 'missing.jsonl'))).toEqual([]);
  });
});
