import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  currentArtifactName,
  KEPT_ARTIFACTS,
  modelsDir,
  pruneArtifacts,
  readArtifact,
  writeArtifact,
} from '../src/model/artifact';
import { buildModel } from '../src/train/build-model';
import { smallCatalog } from './fixture';

const at = (day: number) => buildModel({ catalog: smallCatalog(), now: new Date(Date.UTC(2026, 0, day)) });
const models = (dir: string) =>
  readdirSync(modelsDir(dir))
    .filter((f) => f.startsWith('recommender-'))
    .sort();

describe('model artifacts on disk', () => {
  it('points current at the newest model and keeps only the last few', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rec-art-'));
    for (let day = 1; day <= 5; day++) writeArtifact(dir, at(day));
    expect(KEPT_ARTIFACTS).toBe(3);
    expect(models(dir)).toEqual([
      'recommender-20260103T000000Z.json',
      'recommender-20260104T000000Z.json',
      'recommender-20260105T000000Z.json',
    ]);
    expect(currentArtifactName(dir)).toBe('recommender-20260105T000000Z.json');
    expect(readArtifact(dir, currentArtifactName(dir)!).version).toBe('20260105T000000Z');
  });

  it('never removes the model current names, even when newer ones exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rec-art-'));
    writeArtifact(dir, at(1));
    // Newer files written by hand (say, copied in) while current still names day 1.
    for (let day = 2; day <= 5; day++)
      writeFileSync(join(modelsDir(dir), `recommender-2026010${day}T000000Z.json`), '{}');
    pruneArtifacts(dir);
    expect(models(dir)).toContain('recommender-20260101T000000Z.json');
    expect(models(dir)).toHaveLength(KEPT_ARTIFACTS + 1);
  });

  it('clears temporary files a stopped training left over an hour ago, not a training under way', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rec-art-'));
    writeArtifact(dir, at(1));
    const stale = join(modelsDir(dir), 'recommender-x.json.123.tmp');
    const fresh = join(modelsDir(dir), 'recommender-y.json.456.tmp');
    writeFileSync(stale, '{');
    writeFileSync(fresh, '{');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(pruneArtifacts(dir)).toEqual(['recommender-x.json.123.tmp']);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
