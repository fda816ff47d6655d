import {
  CATALOG_VERSION,
  catalogFilePath,
  CatalogIndex,
  writeCatalogFiles,
  type CatalogMovie,
} from '@app/catalog';
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCatalogFile } from '../src/catalog-generation';
import { ModelStore } from '../src/http/model-store';
import { createRecommenderServer } from '../src/http/server';
import { ContentModel, type PeopleFields } from '../src/model/content';
import { buildModel } from '../src/train/build-model';
import { CatalogFollower } from '../src/train/follow-catalog';
import { foldDataDir, foldModel } from '../src/train/fold';
import { catalogPollMs } from '../src/config';
import { ConfigError } from '@app/contracts/config';
import { FOLD_CLI, spawnTrainer } from '../src/train/retrain';
import { writeArtifact } from '../src/model/artifact';
import { catalogFileOf, movie } from './fixture';

type Synced = CatalogMovie & PeopleFields & { writers?: { id: number; name: string }[] };

/** A deterministic catalog of 240 films of six kinds, plus a franchise's first film with its people. */
function baseMovies(): Synced[] {
  const kinds = [
    { genres: [878, 28], words: ['space', 'alien', 'starship', 'planet', 'robot', 'laser'] },
    { genres: [80, 53], words: ['heist', 'bank', 'crew', 'casino', 'detective', 'mob'] },
    { genres: [35, 10749], words: ['wedding', 'romance', 'friends', 'date', 'party', 'love'] },
    { genres: [27], words: ['haunted', 'ghost', 'demon', 'curse', 'cabin', 'possession'] },
    { genres: [37], words: ['cowboy', 'desert', 'sheriff', 'outlaw', 'ranch', 'saloon'] },
    { genres: [18, 36], words: ['war', 'king', 'empire', 'soldier', 'court', 'battle'] },
  ];
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: Synced[] = [];
  for (let i = 0; i < 240; i++) {
    const k = kinds[i % kinds.length]!;
    const words = k.words.filter(() => rnd() < 0.5);
    out.push(
      movie(1000 + i, {
        title: `Film ${i}`,
        genre_ids: k.genres,
        keywords: words,
        overview: `A story of ${words.join(' and ')}.`,
        release_date: `${1990 + Math.floor(rnd() * 27)}-05-01`,
        vote_count: 60 + Math.floor(rnd() * 3000),
        vote_average: 5.5 + rnd() * 2.5,
      }),
    );
  }
  out.push(
    movie(500, {
      title: 'Star Raiders',
      genre_ids: [878, 28],
      keywords: ['space', 'starship', 'rebel'],
      overview: 'A starship crew of rebels fights an empire in space.',
      release_date: '2012-06-01',
      vote_count: 4000,
      vote_average: 7.4,
      collection: { id: 9000, name: 'Star Raiders Collection' },
      cast: [
        { id: 71, name: 'Ada Lane', character: 'Captain', order: 0 },
        { id: 72, name: 'Bo Kim', character: 'Pilot', order: 1 },
      ],
      directors: [{ id: 81, name: 'Cy Ward' }],
    }),
  );
  return out;
}

/** The 2024 sequel: same collection, director and lead, same genres. */
const sequel = (): Synced =>
  movie(501, {
    title: 'Star Raiders: Return',
    genre_ids: [878, 28],
    keywords: ['space', 'starship', 'sequel'],
    overview: 'The rebels of the starship return to space.',
    release_date: '2024-03-01',
    vote_count: 120,
    vote_average: 7.1,
    collection: { id: 9000, name: 'Star Raiders Collection' },
    cast: [
      { id: 71, name: 'Ada Lane', character: 'Captain', order: 0 },
      { id: 73, name: 'Di Roe', character: 'Cadet', order: 1 },
    ],
    directors: [{ id: 81, name: 'Cy Ward' }],
  });

/** What the sync does: the catalog file (atomically), then, last, current.json. */
function sync(
  dir: string,
  movies: CatalogMovie[],
  generation: number,
  over: { count?: number; perGeneration?: boolean } = {},
) {
  const file = { ...catalogFileOf(movies), built_at: `2026-11-26T00:00:0${generation}Z` };
  // The catalog's one file replaced, or one file per generation (the sync's layout, decision 0083).
  const path = over.perGeneration
    ? join(dir, 'catalog', `catalog.v${CATALOG_VERSION}.g${generation}.json`)
    : catalogFilePath(dir);
  writeCatalogFiles(path, file);
  writeCurrent(dir, {
    generation,
    built_at: file.built_at,
    movies: over.count ?? movies.length,
    synced_at: new Date().toISOString(),
  });
}
function writeCurrent(dir: string, body: unknown) {
  const tmp = `${currentCatalogFile(dir)}.tmp`;
  writeFileSync(tmp, typeof body === 'string' ? body : JSON.stringify(body));
  renameSync(tmp, currentCatalogFile(dir));
}

interface Site {
  dir: string;
  store: ModelStore;
  base: string;
  follower: CatalogFollower;
  logs: string[];
  close: () => Promise<void>;
}

const SECRET = 'follow-catalog-secret-0123456789';
const sites: Site[] = [];
afterAll(async () => {
  for (const s of sites) await s.close();
});

/** A DATA_DIR with the base catalog at generation 1, a model trained on it, served over HTTP. */
async function site(opts: { child?: boolean } = {}): Promise<Site> {
  const dir = mkdtempSync(join(tmpdir(), 'rec-follow-'));
  const movies = baseMovies();
  sync(dir, movies, 1);
  writeArtifact(
    dir,
    buildModel({
      catalog: new CatalogIndex(catalogFileOf(movies)),
      catalogGeneration: 1,
      now: new Date('2026-11-26T00:00:00Z'),
    }),
  );
  const store = new ModelStore(dir);
  store.reload();
  const server = createRecommenderServer(store, { secret: () => SECRET });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const logs: string[] = [];
  const log = (m: string) => logs.push(m);
  const follower = new CatalogFollower({
    dataDir: dir,
    served: () => store.current(),
    reload: () => store.reload(),
    log,
    // In process (fast) unless the test is about the real child process.
    run: opts.child
      ? spawnTrainer(dir, log, FOLD_CLI)
      : async () => {
          await foldDataDir(dir);
        },
  });
  const s: Site = {
    dir,
    store,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    follower,
    logs,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  sites.push(s);
  return s;
}

const ids = async (s: Site, id: number, topN = 20) => {
  const res = await fetch(`${s.base}/recommend?tmdb_id=${id}&top_n=${topN}`);
  if (res.status !== 200) return res.status;
  return ((await res.json()) as { tmdbId: number }[]).map((r) => r.tmdbId);
};

describe('the recommender follows the synced catalog (issue 42, decision 0085)', () => {
  let s: Site;
  beforeAll(async () => {
    s = await site();
  });

  it('folds a 2024 sequel in: it and its predecessor recommend each other over HTTP, /health stays 200', async () => {
    expect(await ids(s, 501)).toBe(404);
    const before = s.store.current()!.version;
    sync(s.dir, [...baseMovies(), sequel()], 2);
    expect(await s.follower.checkNow()).toBe(true);
    const served = s.store.current()!;
    expect(served.version).not.toBe(before);
    expect(served.sources.catalog_generation).toBe(2);
    expect(served.sources.folded).toMatchObject({ from: before, added: 1, removed: 0 });
    expect((await fetch(`${s.base}/health`)).status).toBe(200);
    const predecessor = await ids(s, 500);
    const forSequel = await ids(s, 501);
    expect(predecessor).toContain(501);
    expect(forSequel).toContain(500);
    // The franchise comes first.
    expect((predecessor as number[])[0]).toBe(501);
    expect((forSequel as number[])[0]).toBe(500);
    // The same generation again: nothing to do.
    expect(await s.follower.checkNow()).toBe(false);
  });

  it('For You over a history with the predecessor brings the new sequel', async () => {
    const res = await fetch(`${s.base}/recommend/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ items: [{ tmdbId: 500, weight: 1 }], top_n: 10 }),
    });
    expect(res.status).toBe(200);
    const picks = (await res.json()) as { tmdbId: number }[];
    expect(picks.map((p) => p.tmdbId)).toContain(501);
    expect((await fetch(`${s.base}/trending?top_n=10`)).status).toBe(200);
  });

  it('a removed film disappears from every list and is no longer a seed', async () => {
    const victim = (await ids(s, 1000, 50)) as number[];
    const gone = victim[0]!;
    sync(
      s.dir,
      [...baseMovies(), sequel()].filter((m) => m.id !== gone),
      3,
    );
    expect(await s.follower.checkNow()).toBe(true);
    expect(s.store.current()!.sources.folded?.removed).toBe(1);
    expect(await ids(s, gone)).toBe(404);
    const model = s.store.current()!;
    for (const list of Object.values(model.neighbours))
      expect(list.filter((_, k) => k % 2 === 0)).not.toContain(gone);
    // The lists that named it were ranked again: still full.
    expect(((await ids(s, 1000, 50)) as number[]).length).toBe(50);
  });

  it("a changed film's new genres and keywords are used", async () => {
    // Film 0 is science fiction; the sync makes it a heist thriller.
    const space = (await ids(s, 1000, 10)) as number[];
    const kindOf = (id: number) => (id - 1000) % 6;
    expect(space.filter((id) => id >= 1000 && kindOf(id) === 0).length).toBeGreaterThan(5);
    const movies = [...baseMovies(), sequel()]
      .filter((m) => s.store.current()!.ratings[m.id] !== undefined)
      .map((m) =>
        m.id === 1000
          ? {
              ...m,
              genre_ids: [80, 53],
              keywords: ['heist', 'bank', 'crew'],
              overview: 'A crew plans a heist at a bank.',
            }
          : m,
      );
    sync(s.dir, movies, 4);
    expect(await s.follower.checkNow()).toBe(true);
    expect(s.store.current()!.sources.folded?.changed).toBe(1);
    expect(s.store.current()!.genres![1000]).toEqual([80, 53]);
    const heist = (await ids(s, 1000, 10)) as number[];
    expect(heist.filter((id) => id >= 1000 && kindOf(id) === 1).length).toBeGreaterThan(5);
  });

  it('a bad current.json, or a catalog file that does not match it, keeps the old model', async () => {
    const before = s.store.current()!.version;
    writeCurrent(s.dir, '{"generation": 5, "mov');
    expect(await s.follower.checkNow()).toBe(false);
    expect(s.logs.some((l) => l.startsWith("cannot read the catalog's generation"))).toBe(true);
    // A partial catalog: current.json says more films than the file holds.
    sync(s.dir, baseMovies().slice(0, 100), 5, { count: 241 });
    expect(await s.follower.checkNow()).toBe(false);
    expect(s.logs.some((l) => l.includes('folding catalog generation 5 failed'))).toBe(true);
    // A truncated catalog file.
    writeFileSync(catalogFilePath(s.dir), '{"version":6,"movies":[{"id":1');
    writeCurrent(s.dir, { generation: 6, movies: 241 });
    expect(await s.follower.checkNow()).toBe(false);
    expect(s.store.current()!.version).toBe(before);
    expect((await fetch(`${s.base}/health`)).status).toBe(200);
    expect(await ids(s, 500)).toContain(501);
  });
});

describe('the fold in its child process, as the service runs it', () => {
  it("reads a sync's file of its own generation (catalog.vN.gG.json)", async () => {
    const s = await site();
    sync(s.dir, [...baseMovies(), sequel()], 2, { perGeneration: true });
    expect(await s.follower.checkNow()).toBe(true);
    expect(await ids(s, 501)).toContain(500);
  });

  it('answers every request while the fold runs and the model is swapped', async () => {
    const s = await site({ child: true });
    sync(s.dir, [...baseMovies(), sequel()], 2);
    let stop = false;
    const statuses: number[] = [];
    const hammer = (async () => {
      while (!stop) {
        const [health, rec] = await Promise.all([
          fetch(`${s.base}/health`),
          fetch(`${s.base}/recommend?tmdb_id=500&top_n=20`),
        ]);
        statuses.push(health.status, rec.status);
        await health.arrayBuffer();
        await rec.arrayBuffer();
      }
    })();
    const folded = await s.follower.checkNow();
    // A few more requests on the new model.
    await new Promise((r) => setTimeout(r, 100));
    stop = true;
    await hammer;
    expect(folded).toBe(true);
    expect(s.logs.at(-1)).toMatch(/catalog generation 2 folded into model .*: 1 new, 0 changed, 0 removed/);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.every((x) => x === 200)).toBe(true);
    expect(await ids(s, 500)).toContain(501);
  }, 120_000);
});

describe('one writer of the model at a time, and the poll interval', () => {
  it('a fold waits while a training runs, and a failed fold is not retried at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rec-follow-busy-'));
    const movies = baseMovies();
    sync(dir, movies, 1);
    const model = buildModel({ catalog: new CatalogIndex(catalogFileOf(movies)), catalogGeneration: 1 });
    let busy = true;
    let runs = 0;
    const follower = new CatalogFollower({
      dataDir: dir,
      served: () => model,
      reload: () => {},
      busy: () => busy,
      run: async () => {
        runs++;
        throw new Error('no catalog');
      },
      retryMs: 60_000,
    });
    sync(dir, movies, 2);
    expect(await follower.checkNow()).toBe(false);
    expect(runs).toBe(0);
    busy = false;
    expect(await follower.checkNow()).toBe(false);
    expect(await follower.checkNow()).toBe(false);
    expect(runs).toBe(1);
  });

  it('RECOMMENDER_CATALOG_POLL_SECONDS: 15 s by default, 0 is off, nonsense stops the start', () => {
    expect(catalogPollMs({})).toBe(15_000);
    expect(catalogPollMs({ RECOMMENDER_CATALOG_POLL_SECONDS: '0' })).toBe(0);
    expect(catalogPollMs({ RECOMMENDER_CATALOG_POLL_SECONDS: '0.5' })).toBe(500);
    expect(() => catalogPollMs({ RECOMMENDER_CATALOG_POLL_SECONDS: 'soon' })).toThrow(ConfigError);
  });

  it('a model from before fingerprints is folded by its genres', () => {
    const movies = baseMovies();
    const { fingerprints: _none, ...old } = buildModel({ catalog: new CatalogIndex(catalogFileOf(movies)) });
    const next = movies.map((m) => (m.id === 1002 ? { ...m, genre_ids: [27] } : m));
    const r = foldModel({ served: old, catalog: new CatalogIndex(catalogFileOf(next)), generation: 1 });
    expect(r.changed).toEqual([1002]);
    expect(r.artifact.fingerprints).toBeDefined();
  });
});

describe('directors and cast in the content similarity (decision 0085)', () => {
  it('count when a catalog has them, and leave films without them exactly as before', () => {
    const movies = baseMovies().map((m) => ({ ...m, cast: undefined, directors: undefined }));
    const plain = new ContentModel(movies);
    // Two films of different kinds that share a director and a lead.
    const withPeople = movies.map((m) =>
      m.id === 1001 || m.id === 1004
        ? { ...m, directors: [{ id: 9, name: 'D' }], cast: [{ id: 8, name: 'A', character: '', order: 0 }] }
        : m,
    );
    const people = new ContentModel(withPeople);
    const a = plain.similarities(1);
    const b = people.similarities(1);
    expect(b[4]!).toBeGreaterThan(a[4]!);
    // Films without people: every similarity among them is the same, to the last bit.
    const c = plain.similarities(10);
    const d = people.similarities(10);
    for (let j = 0; j < movies.length; j++) if (j !== 1 && j !== 4) expect(d[j]).toBe(c[j]);
  });
});
