import {
  CATALOG_VERSION,
  catalogFilePath,
  catalogTextPath,
  ensureCatalogFile,
  readCatalogFile,
  silentProgress,
  writeCatalogFiles,
  type CatalogFile,
} from '@app/catalog';
import {
  catalogGenerationPath,
  currentCatalogPath,
  readCurrentCatalog,
  runCatalogSync,
  SyncConfigError,
  SyncLockedError,
  type CatalogSyncOptions,
} from '@app/catalog/sync';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_TOKEN, startTmdbFixture, syncWorld, type TmdbFixture } from './fixtures/tmdb-fixture-server';
import { addNewFilms, IDS, INSIDE_OUT_COLLECTION, WILL_SMITH } from './fixtures/tmdb-sync-world';

/**
 * The catalog sync (issue 42, decision 0083) against the TMDB fixture server, on a temporary
 * DATA_DIR holding a small offline catalog (never the real one).
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const CLI = join(REPO_ROOT, 'packages/catalog/src/sync/cli.ts');

let tmdb: TmdbFixture;
const dirs: string[] = [];

beforeAll(async () => {
  tmdb = await startTmdbFixture({ syncWorld: true });
});
afterAll(async () => {
  await tmdb.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
afterEach(() => {
  // Every test starts from a fresh world and no failures.
  Object.assign(tmdb.control.sync, {
    ...syncWorld(),
    detailsDelayMs: 0,
    detailsFailNext: { count: 0, status: 500 },
    detailsSlowNext: { count: 0, ms: 0 },
    exportTruncated: false,
    exportMissing: [],
  });
  tmdb.requests.length = 0;
});

/** A DATA_DIR with the world's offline catalog. */
function dataDirWithCatalog(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-sync-'));
  dirs.push(dir);
  const file: CatalogFile = {
    version: CATALOG_VERSION,
    built_at: '2017-07-01T00:00:00.000Z',
    source: { package: 'fixture', integrity: 'fixture' },
    stats: { rows: 8, kept: 8, malformed: 0, duplicates: 0, adult: 0, untitled: 0, obsolete_genre_refs: 0 },
    movies: tmdb.control.sync.baseMovies,
  };
  writeCatalogFiles(catalogFilePath(dir), file);
  return dir;
}

const syncEnv = () => ({
  TMDB_ACCESS_TOKEN: FIXTURE_TOKEN,
  TMDB_BASE_URL: tmdb.url,
  TMDB_EXPORTS_URL: tmdb.exportsUrl,
  DATASET_TARBALL: '/nonexistent/dataset.tgz',
});

const sync = (dataDir: string, extra: Partial<CatalogSyncOptions> = {}) =>
  runCatalogSync({ dataDir, env: syncEnv(), http: { backoffMs: 20 }, ...extra });

const detailRequests = () => tmdb.requests.filter((r) => /^movie\/\d+$/.test(r.path));
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function loadCurrent(dataDir: string) {
  const current = readCurrentCatalog(dataDir)!;
  const file = await readCatalogFile(catalogGenerationPath(dataDir, current.generation));
  return { current, file, byId: new Map(file.movies.map((m) => [m.id, m])) };
}

describe('catalog sync against the TMDB fixture', () => {
  it('first sync: the 2024 sequel is added with its cast, directors, collection and certification; the removed film is dropped', async () => {
    const dir = dataDirWithCatalog();
    const summary = await sync(dir);
    expect(summary).toMatchObject({ ok: true, generation: 1, new: 2, removed: 1, failed: 0, skipped: 1 });
    // The 7 films of the offline catalog TMDB still has were fetched (people and collections).
    expect(summary.changed).toBe(7);
    // No changes window on a first sync; one export; 7 + 3 new films' details.
    expect(tmdb.countFor('movie/changes')).toBe(0);
    expect(detailRequests()).toHaveLength(10);
    expect(
      detailRequests().every((r) => r.query.append_to_response === 'keywords,credits,release_dates'),
    ).toBe(true);
    // Not fetched: below the export's popularity, adult, video.
    const asked = new Set(detailRequests().map((r) => Number(r.path.slice(6))));
    for (const id of [IDS.obscure, IDS.adult, IDS.video, IDS.removed]) expect(asked.has(id)).toBe(false);

    const { current, file, byId } = await loadCurrent(dir);
    expect(current).toMatchObject({ generation: 1, movies: 9, built_at: file.built_at });
    expect(typeof current.synced_at).toBe('string');
    const sequel = byId.get(IDS.rideOrDie)!;
    expect(sequel).toMatchObject({
      title: 'Bad Boys: Ride or Die',
      release_date: '2024-06-05',
      collection: { id: 14890, name: 'Bad Boys Collection' },
      certification: 'R',
      directors: [
        { id: 1173263, name: 'Adil El Arbi' },
        { id: 1173264, name: 'Bilall Fallah' },
      ],
      writers: [{ id: 1393344, name: 'Chris Bremner' }],
      poster_path: `/poster-${IDS.rideOrDie}.svg`,
      tmdb_poster_path: `/p${IDS.rideOrDie}.jpg`,
      overview: 'Bad Boys: Ride or Die: the overview.',
    });
    expect(sequel.cast![0]).toEqual({ ...WILL_SMITH, character: 'Mike Lowrey', order: 0 });
    // The predecessor, same collection, now credits the same actor.
    expect(byId.get(IDS.badBoys)!.collection?.id).toBe(14890);
    expect(byId.get(IDS.badBoys)!.cast!.some((c) => c.id === WILL_SMITH.id)).toBe(true);
    // The film whose collection changed since 2017.
    expect(byId.get(IDS.insideOut)!.collection).toEqual({
      id: INSIDE_OUT_COLLECTION.id,
      name: INSIDE_OUT_COLLECTION.name,
    });
    expect(byId.has(IDS.removed)).toBe(false);
    expect(byId.has(IDS.homeMovie)).toBe(false);
    // The served lists were made from the new catalog.
    const at = file.movies.findIndex((m) => m.id === IDS.rideOrDie);
    expect(file.lists!.movies).toBe(9);
    expect(file.lists!.popular).toContain(at);
    expect(file.lists!.by_genre['28']).toContain(at);
    expect(file.lists!.popular[0]).toBe(at); // the most popular film now
    // A start after the sync loads the synced catalog.
    const started = await ensureCatalogFile({
      dataDir: dir,
      tarball: '/nonexistent',
      progress: silentProgress,
    });
    expect(started.movies.map((m) => m.id)).toEqual(file.movies.map((m) => m.id));
  });

  it('incremental sync: only the changed ids are fetched, and counted', async () => {
    const dir = dataDirWithCatalog();
    expect((await sync(dir)).ok).toBe(true);
    tmdb.requests.length = 0;
    // Since then TMDB changed Toy Story's collection (and lists an id the catalog does not keep).
    const toyStory = tmdb.control.sync.details.get(IDS.toyStory)!;
    tmdb.control.sync.details.set(IDS.toyStory, {
      ...toyStory,
      belongs_to_collection: { id: 4242, name: 'Pixar Originals', backdrop_path: null },
    });
    tmdb.control.sync.changes = [IDS.toyStory, IDS.adult, 123456789];
    const summary = await sync(dir);
    expect(summary).toMatchObject({ ok: true, generation: 2, new: 0, changed: 1, removed: 0, failed: 0 });
    expect(detailRequests().map((r) => r.path)).toEqual([`movie/${IDS.toyStory}`]);
    const changes = tmdb.requests.filter((r) => r.path === 'movie/changes');
    expect(changes).toHaveLength(1);
    expect(changes[0]!.query).toMatchObject({ page: '1' });
    expect(changes[0]!.query.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // export + changes + one film
    expect(summary.calls).toBe(3);
    const { byId, current } = await loadCurrent(dir);
    expect(current.generation).toBe(2);
    expect(byId.get(IDS.toyStory)!.collection).toEqual({ id: 4242, name: 'Pixar Originals' });
    expect(byId.has(IDS.rideOrDie)).toBe(true);
    // The older generation before the last is cleaned up only past one.
    expect(existsSync(catalogGenerationPath(dir, 1))).toBe(true);

    // Listed as changed again, fetched, the same: no new generation for the readers to load.
    tmdb.requests.length = 0;
    const currentBefore = readFileSync(currentCatalogPath(dir), 'utf8');
    const same = await sync(dir);
    expect(same).toMatchObject({ ok: true, generation: 2, new: 0, changed: 0, removed: 0, failed: 0 });
    expect(detailRequests()).toHaveLength(1);
    expect(readFileSync(currentCatalogPath(dir), 'utf8')).toBe(currentBefore);
    expect(existsSync(catalogGenerationPath(dir, 3))).toBe(false);
  });

  it('429 with Retry-After and 5xx answers: backed off, then fetched', async () => {
    const dir = dataDirWithCatalog();
    tmdb.control.sync.detailsFailNext = { count: 2, status: 429, retryAfter: 1 };
    const t0 = Date.now();
    const first = sync(dir);
    // Once the 429s are answered, two 503s.
    const until = Date.now() + 10_000;
    while (tmdb.control.sync.detailsFailNext.count > 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 5));
    tmdb.control.sync.detailsFailNext = { count: 2, status: 503 };
    const summary = await first;
    expect(summary).toMatchObject({ ok: true, failed: 0, new: 2 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000); // waited Retry-After
    expect(summary.calls).toBe(1 + 10 + 4);
    expect(detailRequests()).toHaveLength(14);
  });

  it('a request past the timeout is tried again after a back-off', async () => {
    const dir = dataDirWithCatalog();
    tmdb.control.sync.detailsSlowNext = { count: 2, ms: 1500 };
    const summary = await sync(dir, { http: { backoffMs: 20, timeoutMs: 300 } });
    expect(summary).toMatchObject({ ok: true, failed: 0, new: 2 });
    expect(summary.calls).toBe(1 + 10 + 2);
  });

  it('a malformed answer (no title, bad JSON) is counted as failed, not fatal, and fetched by the next sync', async () => {
    const dir = dataDirWithCatalog();
    tmdb.control.sync.detailsDelayMs = 0;
    // The sequel's details are malformed (no title).
    const sequel = tmdb.control.sync.details.get(IDS.rideOrDie)!;
    tmdb.control.sync.details.set(IDS.rideOrDie, { ...sequel, title: '', original_title: '' });
    // Inside Out 2's answer is not JSON (cut short).
    const insideOut2 = tmdb.control.sync.details.get(IDS.insideOut2)!;
    tmdb.control.sync.details.set(IDS.insideOut2, { __raw: '{"id":1022789,"title":"Inside' });
    const summary = await sync(dir);
    expect(summary).toMatchObject({ ok: true, failed: 2, new: 0 });
    expect((await loadCurrent(dir)).byId.has(IDS.rideOrDie)).toBe(false);
    tmdb.control.sync.details.set(IDS.rideOrDie, sequel);
    tmdb.control.sync.details.set(IDS.insideOut2, insideOut2);
    tmdb.requests.length = 0;
    const next = await sync(dir);
    expect(next).toMatchObject({ ok: true, failed: 0, new: 2 });
    expect(
      detailRequests()
        .map((r) => r.path)
        .sort(),
    ).toEqual([`movie/${IDS.insideOut2}`, `movie/${IDS.rideOrDie}`]);
  });

  it('a truncated export gzip: a clear failure, the catalog unchanged', async () => {
    const dir = dataDirWithCatalog();
    const before = sha(catalogFilePath(dir));
    tmdb.control.sync.exportTruncated = true;
    const summary = await sync(dir);
    expect(summary.ok).toBe(false);
    expect(summary.error).toMatch(/could not be read whole/);
    expect(summary.generation).toBeNull();
    expect(existsSync(currentCatalogPath(dir))).toBe(false);
    expect(sha(catalogFilePath(dir))).toBe(before);
    expect(detailRequests()).toHaveLength(0);
    // Mended: the next run completes.
    tmdb.control.sync.exportTruncated = false;
    expect(await sync(dir)).toMatchObject({ ok: true, generation: 1, new: 2 });
  });

  it("reads yesterday's export when today's is not out yet", async () => {
    const dir = dataDirWithCatalog();
    const now = new Date('2024-08-02T03:00:00Z');
    tmdb.control.sync.exportMissing = ['08_02_2024'];
    const summary = await sync(dir, { now: () => now });
    expect(summary.ok).toBe(true);
    expect(tmdb.requests.filter((r) => r.path.includes('movie_ids_')).map((r) => r.path)).toEqual([
      '/p/exports/movie_ids_08_02_2024.json.gz',
      '/p/exports/movie_ids_08_01_2024.json.gz',
    ]);
  });

  it('an apply stopped before its catalog pair is whole leaves current.json alone; the next run applies without fetching again', async () => {
    const dir = dataDirWithCatalog();
    // The JSON's name taken by a folder: the text file is written, the JSON's rename fails.
    mkdirSync(catalogGenerationPath(dir, 1));
    const failed = await sync(dir);
    expect(failed.ok).toBe(false);
    expect(existsSync(catalogTextPath(catalogGenerationPath(dir, 1)))).toBe(true);
    expect(existsSync(currentCatalogPath(dir))).toBe(false);
    const state = JSON.parse(readFileSync(join(dir, 'catalog/sync/state.json'), 'utf8')) as {
      run: { phase: string };
    };
    expect(state.run.phase).toBe('apply');
    // A start meanwhile loads the offline catalog.
    const meanwhile = await ensureCatalogFile({
      dataDir: dir,
      tarball: '/nonexistent',
      progress: silentProgress,
    });
    expect(meanwhile.movies).toHaveLength(tmdb.control.sync.baseMovies.length);

    rmSync(catalogGenerationPath(dir, 1), { recursive: true });
    tmdb.requests.length = 0;
    const resumed = await sync(dir);
    expect(resumed).toMatchObject({ ok: true, resumed: true, generation: 1, new: 2, removed: 1 });
    expect(detailRequests()).toHaveLength(0);
    expect((await loadCurrent(dir)).byId.has(IDS.rideOrDie)).toBe(true);
  });

  it('the lock refuses a second sync while one runs', async () => {
    const dir = dataDirWithCatalog();
    tmdb.control.sync.detailsDelayMs = 100;
    const first = sync(dir);
    await new Promise((r) => setTimeout(r, 50));
    await expect(sync(dir)).rejects.toBeInstanceOf(SyncLockedError);
    expect((await first).ok).toBe(true);
    expect((await sync(dir)).ok).toBe(true);
  });

  it('offline: no sync, no key: a start loads the offline catalog as before, and a sync refuses to run', async () => {
    const dir = dataDirWithCatalog();
    const before = sha(catalogFilePath(dir));
    const file = await ensureCatalogFile({ dataDir: dir, tarball: '/nonexistent', progress: silentProgress });
    expect(file.movies.map((m) => m.id)).toEqual(tmdb.control.sync.baseMovies.map((m) => m.id));
    await expect(runCatalogSync({ dataDir: dir, env: {} })).rejects.toBeInstanceOf(SyncConfigError);
    const cli = await runCli(dir, { TMDB_ACCESS_TOKEN: '', TMDB_API_KEY: '' });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/needs TMDB credentials: set TMDB_ACCESS_TOKEN/);
    expect(existsSync(join(dir, 'catalog/sync'))).toBe(false);
    expect(existsSync(currentCatalogPath(dir))).toBe(false);
    expect(sha(catalogFilePath(dir))).toBe(before);
    expect(tmdb.requests).toHaveLength(0);
  });

  it('resume after kill -9 (the CLI): goes on from its journal, fetches nothing twice, no duplicate, current.json only names whole catalogs', async () => {
    const dir = dataDirWithCatalog();
    const newIds = addNewFilms(tmdb.control.sync, 60);
    tmdb.control.sync.detailsDelayMs = 250;
    const offline = sha(catalogFilePath(dir));
    const journal = join(dir, 'catalog/sync/journal.jsonl');
    const first = startCli(dir);
    const until = Date.now() + 30_000;
    const lines = () =>
      existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').filter(Boolean).length : 0;
    while (lines() < 12 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(lines()).toBeGreaterThanOrEqual(12);
    // Held from here until it is killed: on a loaded machine the second CLI can take longer to
    // start than the first needs to finish its 60 films (it then found no sync running and did one).
    tmdb.control.sync.detailsDelayMs = 30_000;

    // A second sync while this one runs is refused.
    const second = await runCli(dir);
    expect(second.code).toBe(75);
    expect(second.stderr).toMatch(/Another catalog sync is running/);

    first.child.kill('SIGKILL');
    await first.done;
    expect(existsSync(currentCatalogPath(dir))).toBe(false);
    expect(sha(catalogFilePath(dir))).toBe(offline);
    const fetched = readFileSync(journal, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { id: number }).id);
    // A torn last line, as a kill in the middle of a write leaves.
    appendFileSync(journal, '{"id":2000059,"movie":{"id":2000059,"tit');

    tmdb.control.sync.detailsDelayMs = 0;
    const seen: number[] = [];
    const watching = setInterval(() => {
      const current = readCurrentCatalog(dir);
      if (!current || seen.includes(current.generation)) return;
      seen.push(current.generation);
      // The pair it names is whole: the JSON parses, the texts hold every block.
      const path = catalogGenerationPath(dir, current.generation);
      const json = JSON.parse(readFileSync(path, 'utf8')) as {
        movies: { text_at: number; text_len: number }[];
      };
      expect(json.movies).toHaveLength(current.movies);
      const end = Math.max(...json.movies.map((m) => m.text_at + m.text_len));
      expect(statSync(catalogTextPath(path)).size).toBe(end);
    }, 5);
    const resumed = await runCli(dir);
    clearInterval(watching);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/Catalog sync done \(resumed\): 62 new, 7 changed, 1 removed, 0 failed/);
    expect(seen).toEqual([1]);

    // Nothing the killed run had journalled was asked again.
    const asked = new Map<number, number>();
    for (const r of detailRequests())
      asked.set(Number(r.path.slice(6)), (asked.get(Number(r.path.slice(6))) ?? 0) + 1);
    for (const id of fetched) expect(asked.get(id), `movie ${id}`).toBe(1);

    const { file, byId } = await loadCurrent(dir);
    expect(new Set(file.movies.map((m) => m.id)).size).toBe(file.movies.length);
    for (const id of newIds) expect(byId.has(id)).toBe(true);
    expect(byId.has(IDS.rideOrDie)).toBe(true);
    expect(existsSync(journal)).toBe(false);
  });
});

function startCli(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...syncEnv(), DATA_DIR: dataDir, INIT_CWD: REPO_ROOT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((r) =>
    child.on('exit', (code) => r({ code, stdout, stderr })),
  );
  return { child, done };
}

const runCli = (dataDir: string, env: Record<string, string> = {}) => startCli(dataDir, env).done;
