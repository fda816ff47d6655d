import { catalogFilePath } from '@app/catalog';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelStore } from '../src/http/model-store';
import { writeArtifact, type ModelArtifact } from '../src/model/artifact';
import { buildModel } from '../src/train/build-model';
import { Retrainer, spawnTrainer, type TrainerRun } from '../src/train/retrain';
import { defaultSignalsFile, type Signal } from '../src/train/signals';
import { smallCatalog, smallCatalogFile, writeMovieLens } from './fixture';

/** A DATA_DIR holding the small catalog and a content model trained on it, served by a store. */
function dataDirWithModel(over: Partial<Parameters<typeof buildModel>[0]> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rec-retrain-'));
  const catalogFile = catalogFilePath(dir);
  mkdirSync(dirname(catalogFile), { recursive: true });
  writeFileSync(catalogFile, JSON.stringify(smallCatalogFile()));
  writeArtifact(dir, buildModel({ catalog: smallCatalog(), now: new Date('2026-01-01T00:00:00Z'), ...over }));
  const store = new ModelStore(dir);
  store.reload();
  return { dir, store };
}

function writeSignals(dir: string, signals: Signal[]) {
  mkdirSync(dirname(defaultSignalsFile(dir)), { recursive: true });
  writeFileSync(defaultSignalsFile(dir), signals.map((s) => JSON.stringify(s)).join('\n') + '\n');
}

/** Six users who each saved the space film 101 and the western 301 (nothing alike in content). */
const spaceAndWestern: Signal[] = Array.from({ length: 6 }, (_, u) => [
  { user: `u${u}`, item: 101, timestamp: 1_700_000_000 + u },
  { user: `u${u}`, item: 301, timestamp: 1_700_000_100 + u },
]).flat();

const rankOf = (model: ModelArtifact, seed: number, id: number) => {
  const ids = model.neighbours[String(seed)]!.filter((_, i) => i % 2 === 0);
  return ids.indexOf(id);
};

describe('scheduled retraining', () => {
  it('trains in a child process when the signals change, serves the result, and not again for the same signals', async () => {
    const { dir, store } = dataDirWithModel();
    const logs: string[] = [];
    let runs = 0;
    const real = spawnTrainer(dir, (m) => logs.push(m));
    const run: TrainerRun = (args, signal) => {
      runs++;
      return real(args, signal);
    };
    const retrainer = new Retrainer({
      dataDir: dir,
      served: () => store.current(),
      reload: () => store.reload(),
      run,
    });

    // No signals, and the model has none: nothing to do.
    expect(await retrainer.checkNow()).toBe(false);
    expect(runs).toBe(0);

    const before = store.current()!;
    const rankBefore = rankOf(before, 101, 301);
    writeSignals(dir, spaceAndWestern);
    // Two checks at once share one training.
    const [a, b] = await Promise.all([retrainer.checkNow(), retrainer.checkNow()]);
    expect([a, b]).toEqual([true, true]);
    expect(runs).toBe(1);

    const after = store.current()!;
    expect(after.version).not.toBe(before.version);
    expect(after.sources.product_signals).toBe(12);
    expect(after.sources.product_signals_sha256).toMatch(/^[0-9a-f]{64}$/);
    // What users saved together now shows: the western moves up the space film's neighbours.
    expect(rankBefore).toBeGreaterThan(0);
    expect(rankOf(after, 101, 301)).toBe(0);
    expect(logs.join('\n')).toMatch(/written to/);

    // The API rewrites its export every few minutes, in any order: the same signals train nothing.
    writeSignals(dir, [...spaceAndWestern].reverse());
    expect(await retrainer.checkNow()).toBe(false);
    expect(runs).toBe(1);
  });

  it('retrains from the MovieLens folder the served model came from, if it is still there', async () => {
    const ml = writeMovieLens(
      [
        [1, 1, 5, 100],
        [1, 2, 5, 101],
        [2, 1, 4, 100],
        [2, 2, 4, 101],
      ],
      [
        [1, 201],
        [2, 202],
      ],
    );
    const { dir, store } = dataDirWithModel({
      ratings: {
        path: ml,
        interactions: [
          { user: 1, item: 201, rating: 5, timestamp: 100 },
          { user: 1, item: 202, rating: 5, timestamp: 101 },
        ],
      },
    });
    const calls: string[][] = [];
    const retrainer = new Retrainer({
      dataDir: dir,
      served: () => store.current(),
      run: async (args) => {
        calls.push(args);
      },
    });
    writeSignals(dir, spaceAndWestern);
    expect(await retrainer.checkNow()).toBe(true);
    expect(calls).toEqual([['--ratings', ml]]);
  });

  it('keeps serving the old model when training fails', async () => {
    const { dir, store } = dataDirWithModel();
    const version = store.current()!.version;
    const logs: string[] = [];
    const retrainer = new Retrainer({
      dataDir: dir,
      served: () => store.current(),
      reload: () => store.reload(),
      log: (m) => logs.push(m),
      run: () => Promise.reject(new Error('out of memory')),
    });
    writeSignals(dir, spaceAndWestern);
    expect(await retrainer.checkNow()).toBe(false);
    expect(store.current()!.version).toBe(version);
    expect(logs.at(-1)).toBe(`retraining failed, still serving ${version}: out of memory`);
  });

  it('stops a training under way when the service stops', async () => {
    const { dir, store } = dataDirWithModel();
    let started = false;
    let aborted = false;
    const logs: string[] = [];
    const retrainer = new Retrainer({
      dataDir: dir,
      served: () => store.current(),
      log: (m) => logs.push(m),
      run: (_args, signal) => {
        started = true;
        return new Promise((_done, fail) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            fail(new Error('stopped'));
          }),
        );
      },
    });
    writeSignals(dir, spaceAndWestern);
    const stop = retrainer.schedule(60_000, 0);
    await expect.poll(() => started).toBe(true);
    const pending = retrainer.checkNow();
    stop();
    expect(await pending).toBe(false);
    expect(aborted).toBe(true);
    expect(logs.some((m) => m.startsWith('retraining failed'))).toBe(false); // a stop is not a failure
    expect(await retrainer.checkNow()).toBe(false); // stopped for good
  });
});
