import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelsDir, readArtifact, StreamedFields, writeArtifact } from '../src/model/artifact';
import { buildModel } from '../src/train/build-model';
import { CandidateCache } from '../src/train/candidate-cache';
import { smallCatalog } from './fixture';

// Decision 0107: the first pass's candidates of a large catalog go to a file and are read back,
// never scored again.

/** Seed i's candidates: i % 5 of them (none for some seeds), ids and scores from i. */
const candidatesOf = (i: number): [number, number][] =>
  Array.from({ length: i % 5 }, (_, k) => [i * 10 + k, 1 / (i + k + 1)] as [number, number]);

const read = (cache: CandidateCache, i: number) => {
  const got: [number, number][] = [];
  cache.forEach(i, (j, r) => got.push([j, r]));
  return got;
};

describe('CandidateCache', () => {
  it('spilled in blocks, reads back each seed’s candidates as float32, then removes its file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rec-cand-'));
    // 3 candidates a seed at most, 2 seeds a block: 23 seeds are 12 blocks on file.
    const cache = new CandidateCache(23, 3, 10, dir, 6);
    expect(cache.spilled).toBe(true);
    expect(cache.seedsPerBlock).toBe(2);
    for (let i = 0; i < 23; i++) cache.put(i, candidatesOf(i));
    for (let i = 0; i < 23; i++)
      expect(read(cache, i)).toEqual(
        candidatesOf(i)
          .slice(0, 3)
          .map(([j, r]) => [j, Math.fround(r)]),
      );
    expect(existsSync(cache.path!)).toBe(true);
    cache.dispose();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('in memory when the catalog fits: any order, no file', () => {
    const cache = new CandidateCache(23, 4, 23 * 4, tmpdir());
    expect(cache.spilled).toBe(false);
    for (let i = 22; i >= 0; i--) cache.put(i, candidatesOf(i));
    expect(read(cache, 9)).toEqual(candidatesOf(9).map(([j, r]) => [j, Math.fround(r)]));
    expect(read(cache, 5)).toEqual([]);
    expect(cache.path).toBeUndefined();
  });

  it('a spilled cache refuses seeds out of order rather than mixing blocks up', () => {
    const cache = new CandidateCache(10, 2, 0, mkdtempSync(join(tmpdir(), 'rec-cand-')), 4);
    cache.put(0, candidatesOf(1));
    expect(() => cache.put(5, candidatesOf(5))).toThrow(/out of order/);
    cache.dispose();
  });
});

describe('a training whose candidates were spilled', () => {
  it('makes the model the in-memory cache makes, and leaves no file beside it', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const held = buildModel({ catalog: smallCatalog(), now });
    const dir = mkdtempSync(join(tmpdir(), 'rec-spill-'));
    const stream = new StreamedFields(modelsDir(dir));
    const spilled = buildModel({ catalog: smallCatalog(), now, stream, cacheEntries: 0 });
    const file = writeArtifact(dir, spilled, stream);
    stream.dispose();
    expect(readArtifact(dir, file.split('/').pop()!)).toEqual(JSON.parse(JSON.stringify(held)));
    expect(readdirSync(modelsDir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
