import {
  CatalogIndex,
  catalogFilePath,
  readCatalogFile,
  writeCatalogFiles,
  type CatalogFile,
  type CatalogMovie,
} from '@app/catalog';
import { catalogGenerationPath, currentCatalogPath } from '@app/catalog/sync';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import type { Database } from '../../db/database';
import { CatalogHolder } from './catalog-holder';
import { OfflineMovieSource } from './offline-movie-source';

/**
 * The API follows the catalog a sync writes, without a restart (decision 0084): small synthetic
 * catalogs in a temporary DATA_DIR, the sync simulated by writing the next generation's file and
 * then current.json, as the sync engine does.
 */

const GENRES = [28, 35, 18, 27, 878, 10749, 53, 16];
const WORDS = ['Night', 'River', 'Glass', 'Summer', 'Iron', 'Paper', 'Silent', 'Golden', 'Broken', 'Hidden'];

function movie(id: number, over: Partial<CatalogMovie> = {}): CatalogMovie {
  const title = `${WORDS[id % WORDS.length]} ${WORDS[Math.floor(id / WORDS.length) % WORDS.length]} ${id}`;
  return {
    id,
    imdb_id: null,
    title,
    original_title: title,
    original_language: 'en',
    overview: `A story about ${title.toLowerCase()} and the people in it.`,
    tagline: '',
    release_date: `${1990 + (id % 25)}-0${1 + (id % 9)}-15`,
    status: 'Released',
    runtime: 100,
    budget: 0,
    revenue: 0,
    vote_average: 5 + (id % 5) * 0.5,
    vote_count: 50 + id * 7,
    popularity: 5 + (id % 17),
    poster_path: `/poster-${id}.svg`,
    backdrop_path: `/backdrop-${id}.svg`,
    tmdb_poster_path: null,
    tmdb_backdrop_path: null,
    genre_ids: [GENRES[id % GENRES.length]!, GENRES[(id + 3) % GENRES.length]!],
    production_companies: [],
    production_countries: ['US'],
    collection: null,
    keywords: ['friendship', 'small town'],
    ...over,
  };
}

/** The film a sync brings: a 2024 western (no western in the first catalog), with its cast. */
const NEW_ID = 9_000_001;
const newFilm = movie(NEW_ID, {
  title: 'Zorblax Canyon',
  original_title: 'Zorblax Canyon',
  overview: 'A lone gunslinger rides into a frontier town ruled by outlaws, on the western plains.',
  release_date: '2024-06-01',
  vote_average: 8.1,
  vote_count: 9000,
  popularity: 500,
  genre_ids: [37],
  keywords: ['gunslinger', 'frontier', 'outlaw'],
  cast: [{ id: 5064, name: 'Meryl Streep', character: 'Sheriff Hale', order: 0 }],
  directors: [{ id: 77, name: 'Kelly Reichardt' }],
  writers: [{ id: 78, name: 'Jon Raymond' }],
} as Partial<CatalogMovie>);

const file = (builtAt: string, movies: CatalogMovie[]): CatalogFile => ({
  version: 6,
  built_at: builtAt,
  source: { package: 'test', integrity: 'test' },
  stats: {
    rows: movies.length,
    kept: movies.length,
    malformed: 0,
    duplicates: 0,
    adult: 0,
    untitled: 0,
    obsolete_genre_refs: 0,
  },
  movies,
});

const BASE = Array.from({ length: 60 }, (_, i) => movie(i + 1));

/** What the sync engine does: the generation's catalog files, then current.json, last. */
function writeGeneration(dataDir: string, generation: number, movies: CatalogMovie[]): string {
  const builtAt = `2026-11-26T00:00:0${generation}.000Z`;
  writeCatalogFiles(catalogGenerationPath(dataDir, generation), file(builtAt, movies));
  writeFileSync(
    currentCatalogPath(dataDir),
    JSON.stringify({
      generation,
      built_at: builtAt,
      movies: movies.length,
      synced_at: new Date().toISOString(),
    }),
  );
  return builtAt;
}

/** The API's database is not used by these routes (no accounts mounted). */
const noDatabase = { kind: 'pglite', db: {}, close: async () => {} } as unknown as Database;

let dataDir: string;
let holder: CatalogHolder;
let app: FastifyInstance;
const logged: { level: number; msg: string; [k: string]: unknown }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cinelog-holder-'));
  writeCatalogFiles(catalogFilePath(dataDir), file('2017-07-01T00:00:00.000Z', BASE));
  const offline = new CatalogIndex(await readCatalogFile(catalogFilePath(dataDir)));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, IMAGE_CDN_URL: 'off' });
  holder = new CatalogHolder(offline, {
    dataDir,
    everyMs: 60_000,
    log: {
      info: (o, msg) => logged.push({ level: 30, msg, ...o }),
      warn: (o, msg) => logged.push({ level: 40, msg, ...o }),
    },
  });
  app = await buildApp({
    config,
    db: noDatabase,
    source: new OfflineMovieSource(holder.view),
    catalog: holder.view,
    catalogHolder: holder,
    chatVectorsFile: join(dataDir, 'catalog', 'chat-vectors.bin'),
    logLevel: 'silent',
  });
  await app.ready();
});

afterAll(async () => {
  holder.stop();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const ids = (body: { results: { id: number }[] }) => body.results.map((m) => m.id);
const chat = async (message: string) =>
  (await app.inject({ method: 'POST', url: '/api/chat/send', payload: { message } })).json() as {
    message: string;
    movies: { id: number; title: string }[];
  };

describe('the API follows the catalog a sync writes (decision 0084)', () => {
  it('swaps on a new generation: details, search, suggestions, lists and genre pages answer the new film, no stale cached answer', async () => {
    // Asked before the sync, so that the answers are cached.
    expect((await get(`/api/tmdb/movie/${NEW_ID}`)).status).toBe(404);
    expect((await get('/api/tmdb/search/movie?query=zorblax')).body.total_results).toBe(0);
    const popularBefore = await get('/api/tmdb/movie/popular?page=1');
    expect(ids(popularBefore.body)).not.toContain(NEW_ID);
    expect((await get('/api/tmdb/discover/movie?with_genres=37&page=1')).body.total_results).toBe(0);
    const byDate = '/api/tmdb/discover/movie?with_genres=28&page=1&sort_by=primary_release_date.desc';
    expect(ids((await get(byDate)).body)).not.toContain(NEW_ID);
    expect((await get('/api/config')).body.catalog.movies).toBe(60);
    // Nothing new yet: nothing swaps.
    expect(await holder.check()).toBe(false);

    const gen1 = BASE.map((m) => (m.id === 1 ? { ...m, genre_ids: [28, 37] } : m));
    gen1.push({ ...newFilm, genre_ids: [37, 28] });
    writeGeneration(dataDir, 1, gen1);
    expect(await holder.check()).toBe(true);
    expect(holder.generation).toBe(1);
    expect(logged.find((l) => l.msg === 'catalog: a new catalog is served')).toMatchObject({
      generation: 1,
      movies: 61,
      ms: expect.any(Number),
    });

    const details = await get(`/api/tmdb/movie/${NEW_ID}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ title: 'Zorblax Canyon', release_date: '2024-06-01' });
    // A search as typed (suggestions), and the full search.
    expect(ids((await get('/api/tmdb/search/movie?query=zorbl')).body)).toContain(NEW_ID);
    expect(ids((await get('/api/tmdb/search/movie?query=zorblax')).body)[0]).toBe(NEW_ID);
    expect(ids((await get('/api/tmdb/search/movie?query=zorblax%20canyon')).body)[0]).toBe(NEW_ID);
    // The lists cached before the swap are made again from the new catalog.
    expect(ids((await get('/api/tmdb/movie/popular?page=1')).body)[0]).toBe(NEW_ID);
    const westerns = (await get('/api/tmdb/discover/movie?with_genres=37&page=1')).body;
    expect(ids(westerns)).toEqual([NEW_ID, 1]);
    expect(ids((await get(byDate)).body)[0]).toBe(NEW_ID);
    expect((await get('/api/config')).body.catalog.movies).toBe(61);
    // Looked at again with nothing new: no second swap.
    expect(await holder.check()).toBe(false);
  });

  it('serves the synced cast and a person’s films from the catalog, and finds people by a misspelt name', async () => {
    const credits = await get(`/api/tmdb/movie/${NEW_ID}/credits`);
    expect(credits.status).toBe(200);
    expect(credits.body.cast).toEqual([
      expect.objectContaining({ id: 5064, name: 'Meryl Streep', character: 'Sheriff Hale', order: 0 }),
    ]);
    expect(credits.body.crew).toEqual([
      expect.objectContaining({ id: 77, name: 'Kelly Reichardt', job: 'Director' }),
      expect.objectContaining({ id: 78, name: 'Jon Raymond', job: 'Writer' }),
    ]);
    const films = await get('/api/tmdb/person/5064/movie_credits');
    expect(films.body.cast).toEqual([expect.objectContaining({ id: NEW_ID, character: 'Sheriff Hale' })]);
    expect((await get('/api/tmdb/person/77/movie_credits')).body.crew).toEqual([
      expect.objectContaining({ id: NEW_ID, job: 'Director' }),
    ]);
    // A film of the offline dataset has no cast: empty, as before.
    expect((await get('/api/tmdb/movie/2/credits')).body).toEqual({ id: 2, cast: [], crew: [] });
    expect(holder.people.find('meryl strep')).toMatchObject({ id: 5064, name: 'Meryl Streep' });
    expect(holder.people.films(5064).map((m) => m.id)).toEqual([NEW_ID]);
  });

  it('the chat answers from the new catalog: its title, and its genre and year', async () => {
    const named = await chat('something like Zorblax Canyon');
    expect(named.message).toMatch(/Zorblax Canyon/);
    const asked = await chat('a western from 2024');
    expect(asked.movies.map((m) => m.id)).toContain(NEW_ID);
  });

  it('a catalog file that cannot be read keeps the one served, and a later good generation is taken', async () => {
    const builtAt = '2026-11-26T00:00:09.000Z';
    writeFileSync(catalogGenerationPath(dataDir, 2), '{"version":6,"built_at":"x","movies":[{"id":1,');
    writeFileSync(
      currentCatalogPath(dataDir),
      JSON.stringify({ generation: 2, built_at: builtAt, movies: 3, synced_at: new Date().toISOString() }),
    );
    expect(await holder.check()).toBe(false);
    expect(logged.at(-1)).toMatchObject({
      level: 40,
      msg: 'catalog: the new catalog could not be read; the catalog served stays',
      generation: 2,
    });
    expect(holder.generation).toBe(1);
    expect((await get(`/api/tmdb/movie/${NEW_ID}`)).status).toBe(200);
    expect(ids((await get('/api/tmdb/search/movie?query=zorblax')).body)[0]).toBe(NEW_ID);
    // Not read again every look while current.json is the same.
    expect(await holder.check()).toBe(false);

    // The next sync removes the film and adds another.
    const gen3 = BASE.concat(movie(9_000_002, { title: 'Quillfeather', vote_count: 800, popularity: 90 }));
    writeGeneration(dataDir, 3, gen3);
    expect(await holder.check()).toBe(true);
    expect((await get(`/api/tmdb/movie/${NEW_ID}`)).status).toBe(404);
    expect((await get('/api/tmdb/search/movie?query=zorblax')).body.total_results).toBe(0);
    expect(ids((await get('/api/tmdb/search/movie?query=quillfeather')).body)).toEqual([9_000_002]);
    expect((await chat('something like Zorblax Canyon')).movies.map((m) => m.id)).not.toContain(NEW_ID);
  });

  it('the catalog swapped out becomes garbage', async () => {
    const gc = exposedGc();
    const old = new WeakRef(holder.current);
    const oldMovie = new WeakRef(holder.current.get(9_000_002)!);
    writeGeneration(dataDir, 4, BASE.concat(movie(9_000_003, { title: 'Umbrafell', popularity: 99 })));
    expect(await holder.check()).toBe(true);
    // Answer through every consumer once, so that their caches hold the new catalog.
    await get('/api/tmdb/search/movie?query=umbrafell');
    await get('/api/tmdb/movie/popular?page=1');
    await chat('a comedy from the nineties');
    for (let i = 0; i < 5 && (old.deref() || oldMovie.deref()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      gc();
    }
    expect(old.deref()).toBeUndefined();
    expect(oldMovie.deref()).toBeUndefined();
  });
});

/** node's gc(), reached without a command-line flag (as main.ts does). */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
