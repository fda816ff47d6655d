import { catalogFilePath } from '@app/catalog';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelStore } from '../src/http/model-store';
import {
  currentArtifactName,
  modelsDir,
  ratingsPathOf,
  writeArtifact,
  type ModelArtifact,
} from '../src/model/artifact';
import { buildModel } from '../src/train/build-model';
import { Retrainer, spawnTrainer, type TrainerRun } from '../src/train/retrain';
import type { Signal } from '../src/train/signals';
import { SignalsClient } from '../src/train/signals-client';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
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

/**
 * A stand-in for the API's internal signals endpoint at the network edge (the API's side is tested
 * in apps/api): bearer secret, ETag and 304 as the API does them.
 */
let api: Server;
let apiSignals: Signal[] = [];
let apiUrl = '';
let requests = 0;
const SECRET = 'the-shared-secret-of-this-test-0123456789';
beforeAll(async () => {
  api = createServer((req, res) => {
    requests++;
    if (req.headers.authorization !== `Bearer ${SECRET}`) return res.writeHead(401).end('{"message":"no"}');
    const body = JSON.stringify({ signals: apiSignals });
    const etag = `"${body.length}:${Buffer.from(body).toString('base64').slice(-16)}"`;
    if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'application/json', etag }).end(body);
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/internal/signals`;
});
afterAll(() => new Promise<void>((r) => api.close(() => r())));

const client = () => new SignalsClient(apiUrl, () => SECRET);
const fromApi = () => {
  const c = client();
  return () => c.fetch();
};
function writeSignals(_dir: string, signals: Signal[]) {
  apiSignals = signals;
}

/** Ten users who each liked the space films 101 and 103 (103 is the weaker content neighbour of 101). */
const spaceFans: Signal[] = Array.from({ length: 10 }, (_, u) => [
  { user: `u${u}`, item: 101, timestamp: 1_700_000_000 + u, kind: 'like' as const },
  { user: `u${u}`, item: 103, timestamp: 1_700_000_100 + u, kind: 'like' as const },
]).flat();
const spaceAndWestern = spaceFans;

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
      signals: fromApi(),
      reload: () => store.reload(),
      run,
    });

    // No signals, and the model has none: nothing to do.
    expect(await retrainer.checkNow()).toBe(false);
    expect(runs).toBe(0);

    const before = store.current()!;
    const rankBefore = rankOf(before, 101, 103);
    writeSignals(dir, spaceAndWestern);
    // Two checks at once share one training.
    const [a, b] = await Promise.all([retrainer.checkNow(), retrainer.checkNow()]);
    expect([a, b]).toEqual([true, true]);
    expect(runs).toBe(1);

    const after = store.current()!;
    expect(after.version).not.toBe(before.version);
    expect(after.sources.product_signals).toBe(20);
    expect(after.sources.product_signals_sha256).toMatch(/^[0-9a-f]{64}$/);
    // What users liked together now shows: Space Three moves up Space One's neighbours.
    expect(rankBefore).toBeGreaterThan(0);
    expect(rankOf(after, 101, 103)).toBe(0);
    expect(logs.join('\n')).toMatch(/written to/);

    // The API answers the same signals in another order: that trains nothing.
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
      signals: fromApi(),
      run: async (args) => {
        calls.push(args);
      },
    });
    writeSignals(dir, spaceAndWestern);
    expect(await retrainer.checkNow()).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.slice(0, 3)).toEqual(['--ratings', ml, '--signals']);
  });

  it('rebuilds a model of an older format on disk from its MovieLens folder, instead of serving it', async () => {
    const ml = writeMovieLens([[1, 1, 5, 100]], [[1, 201]]);
    const { dir } = dataDirWithModel({
      ratings: { path: ml, interactions: [{ user: 1, item: 201, rating: 5, timestamp: 100 }] },
    });
    // Rewrite the served file as the format before decision 0027 wrote it.
    const name = currentArtifactName(dir)!;
    const file = join(modelsDir(dir), name);
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), format: 2 }));
    const store = new ModelStore(dir);
    expect(() => store.reload()).toThrow(/format 2/);
    expect(store.current()).toBeNull();
    const calls: string[][] = [];
    const retrainer = new Retrainer({
      dataDir: dir,
      served: () => store.current(),
      signals: fromApi(),
      ratingsBefore: () => ratingsPathOf(dir, name),
      run: async (args) => {
        calls.push(args);
      },
    });
    writeSignals(dir, []);
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
      signals: fromApi(),
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
      signals: fromApi(),
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

  it('builds the first model in the child process, with the signals, and without the API when it is down', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rec-first-'));
    const catalogFile = catalogFilePath(dir);
    mkdirSync(dirname(catalogFile), { recursive: true });
    writeFileSync(catalogFile, JSON.stringify(smallCatalogFile()));
    const store = new ModelStore(dir);
    const logs: string[] = [];
    apiSignals = spaceFans;
    const retrainer = new Retrainer({
      dataDir: dir,
      served: () => store.current(),
      signals: fromApi(),
      reload: () => store.reload(),
      log: (m) => logs.push(m),
    });
    expect(store.current()).toBeNull();
    expect(await retrainer.checkNow()).toBe(true);
    expect(store.current()!.sources.product_signals).toBe(20);
    expect(logs[0]).toMatch(
      /no model yet: building the default model in the background with 20 product signals/,
    );

    // A fresh machine whose API is not up yet still gets its content model.
    const dir2 = mkdtempSync(join(tmpdir(), 'rec-first-'));
    mkdirSync(dirname(catalogFilePath(dir2)), { recursive: true });
    writeFileSync(catalogFilePath(dir2), JSON.stringify(smallCatalogFile()));
    const store2 = new ModelStore(dir2);
    const down = new SignalsClient('http://127.0.0.1:9/api/internal/signals', () => SECRET, 2000);
    const logs2: string[] = [];
    const r2 = new Retrainer({
      dataDir: dir2,
      served: () => store2.current(),
      signals: () => down.fetch(),
      reload: () => store2.reload(),
      log: (m) => logs2.push(m),
    });
    expect(await r2.checkNow()).toBe(true);
    expect(store2.current()!.sources.product_signals).toBeUndefined();
    expect(logs2[0]).toMatch(/^cannot fetch the product's signals/);
    // With a model served, an unreachable API changes nothing and is logged once.
    expect(await r2.checkNow()).toBe(false);
    expect(logs2.filter((m) => m.startsWith('cannot fetch')).length).toBe(1);
  });

  it('asks the API with its secret and an ETag: an unchanged library is a 304', async () => {
    apiSignals = spaceFans;
    const c = client();
    const before = requests;
    expect(await c.fetch()).toHaveLength(20);
    expect(await c.fetch()).toHaveLength(20); // the 304 answers from memory
    expect(requests - before).toBe(2);
    await expect(new SignalsClient(apiUrl, () => 'wrong').fetch()).rejects.toThrow(/401/);
  });
});

describe('what a signal may change', () => {
  const at = (user: string, item: number, kind: Signal['kind']) => ({
    user,
    item,
    timestamp: 1_700_000_000,
    kind,
  });

  it('a handful of accounts cannot push a film of another genre into a list', () => {
    // Six accounts like the space film 101 and the western 301 together.
    const fake = Array.from({ length: 6 }, (_, u) => [
      at(`f${u}`, 101, 'like'),
      at(`f${u}`, 301, 'like'),
    ]).flat();
    const a = buildModel({ catalog: smallCatalog(), signals: fake });
    expect(rankOf(a, 101, 301)).toBeGreaterThan(1);
    expect(rankOf(a, 101, 102)).toBe(0);
  });

  it('"want to watch" is weaker than a like: ten watchlists do not make a pair, ten likes do', () => {
    const wants = Array.from({ length: 10 }, (_, u) => [
      at(`w${u}`, 101, 'want_to_watch'),
      at(`w${u}`, 103, 'want_to_watch'),
    ]).flat();
    const likes = Array.from({ length: 10 }, (_, u) => [
      at(`l${u}`, 101, 'like'),
      at(`l${u}`, 103, 'like'),
    ]).flat();
    const none = buildModel({ catalog: smallCatalog() });
    expect(rankOf(buildModel({ catalog: smallCatalog(), signals: wants }), 101, 103)).toBe(
      rankOf(none, 101, 103),
    );
    expect(rankOf(none, 101, 103)).toBeGreaterThan(0);
    expect(rankOf(buildModel({ catalog: smallCatalog(), signals: likes }), 101, 103)).toBe(0);
  });
});
