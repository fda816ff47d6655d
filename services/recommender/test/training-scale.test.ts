import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT, ContentModel } from '../src/model/content';
import { modelsDir, readArtifact, StreamedFields, writeArtifact } from '../src/model/artifact';
import { topK, topKSparse } from '../src/model/topk';
import { buildModel } from '../src/train/build-model';
import { trainerEnv } from '../src/train/retrain';
import { execFileSync } from 'node:child_process';
import { catalogOf, movie, smallCatalog } from './fixture';

// Decision 0103: training linear in the catalog (sparse scores, a bounded walk of each term's
// films) and its lists written as they are made.

describe('topKSparse', () => {
  it('gives topK’s answer over the touched films, ties by lower index', () => {
    let s = 7;
    const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 50; round++) {
      const n = 200;
      // Few distinct values, so ties are common; some zeros and negatives are never picked.
      const values = Float64Array.from({ length: n }, () => Math.floor(rand() * 8) - 2);
      const ids = Int32Array.from(
        [...Array(n).keys()].filter((i) => values[i] !== 0).sort(() => rand() - 0.5),
      );
      const k = 1 + Math.floor(rand() * 30);
      const exclude = Math.floor(rand() * n);
      expect(topKSparse(values, ids, ids.length, k, exclude)).toEqual(topK(values, k, exclude));
    }
  });

  it('keeps the sorted answer with many films, k of 300 and fewer films than k (decision 0107’s heap)', () => {
    let s = 11;
    const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const [n, k, distinct] of [
      [20_000, 300, 50],
      [20_000, 300, 1e9],
      [150, 300, 7],
      [5_000, 1, 3],
    ] as const) {
      const values = Float64Array.from({ length: n }, () => Math.floor(rand() * distinct) / distinct);
      const ids = Int32Array.from(
        [...Array(n).keys()].filter((i) => values[i] !== 0).sort(() => rand() - 0.5),
      );
      const exclude = Math.floor(rand() * n);
      const got = topKSparse(values, ids, ids.length, k, exclude);
      expect(got).toEqual(topK(values, k, exclude));
      expect(got.length).toBe(Math.min(k, ids.filter((i) => i !== exclude).length));
    }
    expect(topKSparse(new Float64Array(3).fill(1), Int32Array.of(0, 1, 2), 3, 0)).toEqual([]);
  });
});

describe('content similarity at scale', () => {
  const scan = CONTENT.postingScan;
  afterEach(() => {
    CONTENT.postingScan = scan;
  });

  // 44 films share the keyword "heist", each with 0-5 other keywords (shared with other heist
  // films) and one it shares with one film only (its pair): the more keywords a film has, the
  // less "heist" weighs in its vector. 20 more films share another keyword (and the genre, in
  // every film: a term that says nothing).
  const films = [
    ...Array.from({ length: 44 }, (_, i) =>
      movie(i + 1, {
        keywords: ['heist', ...Array.from({ length: i % 6 }, (_, k) => `also${k}`), `pair${i >> 1}`],
        genre_ids: [80],
      }),
    ),
    ...Array.from({ length: 20 }, (_, i) => movie(100 + i, { keywords: ['western'], genre_ids: [80] })),
  ];
  const heist = 44;

  it('a walk that reaches every posting is the dense similarity, touching only films that share a term', () => {
    const model = new ContentModel(films);
    const dense = model.similarities(0);
    const sparse = model.sparse(0);
    const touched = new Set(Array.from(sparse.ids.subarray(0, sparse.count)));
    expect(touched.has(0)).toBe(false);
    for (let j = 0; j < films.length; j++) {
      expect(sparse.values[j]).toBe(dense[j]);
      if (dense[j]! > 0) expect(touched.has(j)).toBe(true);
    }
    // Every heist film shares "heist" with the seed, no other film anything.
    expect(touched.size).toBe(heist - 1);
  });

  it('a bounded walk takes each long posting’s strongest films, and keeps the seed’s closest', () => {
    const full = new ContentModel(films).similarities(0).slice();
    CONTENT.postingScan = 10;
    const bounded = new ContentModel(films);
    const b = bounded.sparse(0);
    // "heist" (44 films) gives at most 10 films; the seed's pair shares another term.
    expect(b.count).toBeLessThanOrEqual(11);
    expect(b.count).toBeGreaterThan(0);
    // The film closest to the seed (its pair, film 2) is still found, with the same score.
    const best = topK(full, 1, 0)[0]!;
    expect(best).toBe(1);
    expect(b.values[best]).toBe(full[best]);
    // The films walked through "heist" are the ones whose "heist" weighs most: the films with
    // the fewest other keywords (none or one), never one with more.
    for (let t = 0; t < b.count; t++) expect(b.ids[t]! % 6).toBeLessThanOrEqual(1);
  });

  it('the kind rule leaves films untouched rather than zeroed afterwards', () => {
    const model = new ContentModel(films);
    const allowed = Uint8Array.from(films, (_, j) => (j % 2 ? 1 : 0));
    const s = model.sparse(0, allowed);
    for (let t = 0; t < s.count; t++) expect(s.ids[t]! % 2).toBe(1);
    expect(s.count).toBe(22);
  });
});

describe('a seed’s walk within a budget (decision 0112)', () => {
  const budget = CONTENT.walkBudget;
  afterEach(() => {
    CONTENT.walkBudget = budget;
  });

  // 400 films of two genres (of four) and 2–8 keywords each, drawn from 120 keywords with
  // Zipf-like frequencies: common keywords are long postings, rare ones short.
  let s = 5;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const films = Array.from({ length: 400 }, (_, i) =>
    movie(i + 1, {
      genre_ids: [[18, 35, 80, 27][i % 4]!, [53, 10749, 878, 14][Math.floor(rand() * 4)]!],
      keywords: [
        ...new Set(
          Array.from({ length: 2 + Math.floor(rand() * 7) }, () => `k${Math.floor(120 * rand() ** 2)}`),
        ),
      ],
      release_date: `${1950 + Math.floor(rand() * 70)}-01-01`,
    }),
  );
  const seeds = Array.from({ length: 40 }, (_, i) => i * 10);
  const K = 10;

  it('within the budget, the walk is the whole walk: the same scores, so the same top k', () => {
    const model = new ContentModel(films);
    CONTENT.walkBudget = Infinity;
    const whole = seeds.map((seed) => {
      const r = model.sparse(seed);
      return {
        values: r.values.slice(),
        top: topKSparse(r.values, r.ids, r.count, K, seed),
        entries: model.lastWalk.entries,
      };
    });
    seeds.forEach((seed, i) => {
      // A budget of exactly the seed's entries is not hit.
      CONTENT.walkBudget = whole[i]!.entries;
      const r = model.sparse(seed);
      expect(model.lastWalk.budgeted).toBe(false);
      expect(Array.from(r.values)).toEqual(Array.from(whole[i]!.values));
      expect(topKSparse(r.values, r.ids, r.count, K, seed)).toEqual(whole[i]!.top);
    });
  });

  it('over the budget, it walks the strongest entries: fewer films, no score above the whole walk’s, its closest films kept', () => {
    const model = new ContentModel(films);
    let overlap = 0;
    let bestKept = 0;
    for (const seed of seeds) {
      CONTENT.walkBudget = Infinity;
      const w = model.sparse(seed);
      const exact = w.values.slice();
      const wholeCount = w.count;
      const wholeTop = topKSparse(exact, w.ids, w.count, K, seed);
      CONTENT.walkBudget = Math.floor(model.lastWalk.entries / 2);
      const r = model.sparse(seed);
      expect(model.lastWalk.budgeted).toBe(true);
      expect(r.count).toBeLessThanOrEqual(CONTENT.walkBudget);
      expect(r.count).toBeLessThan(wholeCount);
      // Only contributions are left out: no film scores more than in the whole walk.
      for (let t = 0; t < r.count; t++) expect(r.values[r.ids[t]!]).toBeLessThanOrEqual(exact[r.ids[t]!]!);
      const top = topKSparse(r.values, r.ids, r.count, K, seed);
      if (top.includes(wholeTop[0]!)) bestKept++;
      overlap += top.filter((j) => wholeTop.includes(j)).length / wholeTop.length;
    }
    expect(bestKept).toBeGreaterThanOrEqual(seeds.length * 0.9);
    expect(overlap / seeds.length).toBeGreaterThan(0.7);
  });
});

describe('lists written as they are made', () => {
  it('a model whose per-film fields went to files reads back as the one held in memory', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const held = buildModel({ catalog: smallCatalog(), now });
    const dir = mkdtempSync(join(tmpdir(), 'rec-stream-'));
    const stream = new StreamedFields(modelsDir(dir));
    const streamedArtifact = buildModel({ catalog: smallCatalog(), now, stream });
    expect(streamedArtifact.neighbours).toEqual({});
    const file = writeArtifact(dir, streamedArtifact, stream);
    stream.dispose();
    const read = readArtifact(dir, file.split('/').pop()!);
    expect(Object.keys(read.neighbours).length).toBe(held.items);
    expect(read).toEqual(JSON.parse(JSON.stringify(held)));
    // Nothing of the streamed files is left beside the model.
    expect(readdirSync(modelsDir(dir)).filter((f) => f.startsWith('streamed-'))).toEqual([]);
  });

  it('a catalog of one film writes a valid model', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rec-stream-'));
    const stream = new StreamedFields(modelsDir(dir));
    const one = buildModel({ catalog: catalogOf([movie(1)]), stream });
    const file = writeArtifact(dir, one, stream);
    stream.dispose();
    expect(readArtifact(dir, file.split('/').pop()!).neighbours).toEqual({ '1': [] });
  });
});

describe('the trainer child’s heap budget', () => {
  const limitMb = (env: NodeJS.ProcessEnv) =>
    Number(
      execFileSync(
        process.execPath,
        ['-e', 'console.log(require("v8").getHeapStatistics().heap_size_limit)'],
        {
          env,
        },
      ).toString(),
    ) /
    2 ** 20;

  it('RECOMMENDER_TRAINER_HEAP_MB becomes the child’s old-space limit, beside its other node options', () => {
    const env = trainerEnv({ RECOMMENDER_TRAINER_HEAP_MB: '300', NODE_OPTIONS: '--no-warnings' }, '/data');
    expect(env.DATA_DIR).toBe('/data');
    expect(env.NODE_OPTIONS).toBe('--no-warnings --max-old-space-size=300');
    const limit = limitMb({ ...process.env, ...env });
    expect(limit).toBeGreaterThan(290);
    expect(limit).toBeLessThan(400);
  });

  it('without it the child keeps V8’s own limit; a value that is not a number of MB is refused', () => {
    expect(trainerEnv({ NODE_OPTIONS: '--no-warnings' }, '/d').NODE_OPTIONS).toBe('--no-warnings');
    expect(() => trainerEnv({ RECOMMENDER_TRAINER_HEAP_MB: '1.5GB' }, '/d')).toThrow(
      /RECOMMENDER_TRAINER_HEAP_MB/,
    );
    expect(() => trainerEnv({ RECOMMENDER_TRAINER_HEAP_MB: '0' }, '/d')).toThrow(
      /RECOMMENDER_TRAINER_HEAP_MB/,
    );
  });
});
