import { copyFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogLists } from '../src/catalog-index';
import { readCatalogFile, readCatalogInChunks, readWithMovieTable } from '../src/load';
import { movieTablePath } from '../src/movie-table';
import { catalogTextPath, textAttacher, writeCatalogFiles } from '../src/texts';
import { syntheticCatalog } from '../src/synthetic';
import type { CatalogFile, CatalogMovie } from '../src/types';
import { catalogFileOf, THREE_FILMS } from './fixture-csv';

const real: CatalogFile = catalogFileOf(THREE_FILMS, { version: 6, built_at: '2026-11-27T00:00:00.000Z' });

/** A catalog with the values a table must carry exactly: every kind of JSON value, in odd places. */
function oddCatalog(): CatalogFile {
  const file = syntheticCatalog(real, 300);
  const m = file.movies;
  m[4] = { ...m[4]!, title: 'Straße 😀 東京 \u0000 "quoted" \\', keywords: ['Ünïcödé', '', 'café'] };
  m[5] = { ...m[5]!, title: 'Lone \ud800 surrogate', original_title: 'Ｏｒｉｇｉｎａｌ', poster_path: null };
  m[6] = { ...m[6]!, vote_average: -0, popularity: 1e-7, runtime: null, vote_count: 2 ** 40 };
  m[7] = { ...m[7]!, runtime: -(2 ** 31), vote_count: 2 ** 31, popularity: Number.MAX_VALUE };
  m[8] = {
    ...m[8]!,
    genre_ids: [],
    collection: { id: 9, name: 'A — collection' },
    cast: [
      { id: 1, name: 'Zoë', character: 'Her\nself', order: 0 },
      { id: 2, name: 'B', character: '', order: 1 },
    ],
    directors: [{ id: 3, name: 'Dir' }],
    writers: [],
    certification: null,
  };
  m[9] = { ...m[9]!, certification: 'PG-13', release_date: null };
  return file;
}

/** A catalog's films as the old reader (the JSON, in chunks) gives them, with their texts. */
const fromJson = async (path: string) =>
  readCatalogInChunks(path, {
    each: textAttacher(catalogTextPath(path)),
    wholeFileBytes: 0,
    chunkBytes: 4096,
  });

/** Everything a consumer sees of a film: its own keys in order, its values, and its texts and cold fields. */
const seen = (movies: CatalogMovie[]) =>
  movies.map((m) => ({
    keys: Object.keys(m),
    own: JSON.stringify(Object.entries(m)),
    whole: JSON.stringify(m),
    overview: m.overview,
    poster: m.poster_path,
    original: m.original_title,
    imdb: m.imdb_id,
  }));

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'movie-table-'));
  path = join(dir, 'catalog.v6.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the movie table beside a catalog file (decision 0111)', () => {
  it('gives exactly the films the JSON gives, with the same head', async () => {
    const file = oddCatalog();
    writeCatalogFiles(path, file);
    const tabled = await readWithMovieTable(path, { each: textAttacher(catalogTextPath(path)) });
    expect(tabled).toBeDefined();
    const json = await fromJson(path);
    expect(seen(tabled!.movies)).toEqual(seen(json.movies));
    expect(Object.keys(tabled!)).toEqual(Object.keys(json));
    expect({ ...tabled!, movies: [] }).toEqual({ ...json, movies: [] });
    // Neither shows the token that ties the two files.
    expect(Object.keys(json)).not.toContain('movie_table');
    expect(JSON.parse(readFileSync(path, 'latin1')).movie_table).toMatch(/^[0-9a-f]{32}$/);
    // Values that a careless encoding changes.
    const t = tabled!.movies;
    // JSON has no -0: the table gives the 0 the JSON gives.
    expect(Object.is(t[6]!.vote_average, json.movies[6]!.vote_average)).toBe(true);
    expect(t[6]!.vote_count).toBe(2 ** 40);
    expect(t[7]!.runtime).toBe(-(2 ** 31));
    expect(t[7]!.popularity).toBe(Number.MAX_VALUE);
    expect(t[5]!.title).toBe('Lone \ud800 surrogate');
    expect(t[4]!.title).toBe('Straße 😀 東京 \u0000 "quoted" \\');
    expect(t[8]!.cast).toEqual(file.movies[8]!.cast);
    // And the catalog as written, through readCatalogFile.
    const read = await readCatalogFile(path);
    expect(JSON.parse(JSON.stringify(read))).toEqual(
      JSON.parse(JSON.stringify({ ...file, lists: catalogLists(file.movies, file.built_at) })),
    );
  });

  it('reads the real-sized shapes in slices, each in a task, to the same films', async () => {
    writeCatalogFiles(path, syntheticCatalog(real, 2500));
    const sliced = await readCatalogFile(path, { chunkBytes: 1024 });
    const json = seen((await fromJson(path)).movies);
    expect(seen(sliced.movies)).toEqual(json);
    const tabled = await readWithMovieTable(path, { each: textAttacher(catalogTextPath(path)), slice: 100 });
    expect(seen(tabled!.movies)).toEqual(json);
  });

  it("reads the JSON's head whatever its reads' sizes (its end cut across two reads)", async () => {
    writeCatalogFiles(path, syntheticCatalog(real, 120));
    const expected = await readCatalogFile(path);
    const headEnd = readFileSync(path).indexOf('"movies":[');
    for (const first of [1, 7, headEnd - 5, headEnd, headEnd + 3, headEnd + 20])
      for (const then of [1, 4, 13]) {
        const read = await readWithMovieTable(path, { headReads: [first, then] });
        expect({ ...read!, movies: [] }).toEqual({ ...expected, movies: [] });
        expect(read!.movies.map((m) => m.id)).toEqual(expected.movies.map((m) => m.id));
      }
  });

  it('is not read for a JSON file it was not written with: the JSON is', async () => {
    writeCatalogFiles(path, syntheticCatalog(real, 200, 1));
    const other = join(dir, 'other.json');
    writeCatalogFiles(other, syntheticCatalog(real, 200, 2));
    // Another catalog's table of the same movie count beside this JSON.
    copyFileSync(movieTablePath(other), movieTablePath(path));
    expect(await readWithMovieTable(path)).toBeUndefined();
    expect(seen((await readCatalogFile(path)).movies)).toEqual(seen((await fromJson(path)).movies));
    // A JSON written by older code (no token) over a table: the JSON.
    const plainJson = JSON.parse(readFileSync(path, 'latin1')) as Record<string, unknown>;
    delete plainJson.movie_table;
    writeCatalogFiles(other, syntheticCatalog(real, 200, 3));
    copyFileSync(movieTablePath(other), movieTablePath(path));
    writeFileSync(path, JSON.stringify(plainJson));
    expect(await readWithMovieTable(path)).toBeUndefined();
    expect((await readCatalogFile(path)).movies.map((m) => m.title)).toEqual(
      syntheticCatalog(real, 200, 1).movies.map((m) => m.title),
    );
  });

  it('is not read when damaged or cut: the JSON gives the films', async () => {
    writeCatalogFiles(path, syntheticCatalog(real, 300));
    const expected = seen((await fromJson(path)).movies);
    const table = movieTablePath(path);
    const good = readFileSync(table);
    // One byte changed in each part of the file: its directory, its numbers, its tags, its strings.
    for (const at of [20, Math.floor(good.length / 3), Math.floor(good.length * 0.7), good.length - 3]) {
      const bad = Buffer.from(good);
      bad[at] = bad[at]! ^ 0x01;
      writeFileSync(table, bad);
      expect(await readWithMovieTable(path)).toBeUndefined();
      expect(seen((await readCatalogFile(path)).movies)).toEqual(expected);
    }
    for (const length of [0, 10, 100, good.length - 8, good.length - 1]) {
      writeFileSync(table, good.subarray(0, length));
      expect(await readWithMovieTable(path)).toBeUndefined();
      expect(seen((await readCatalogFile(path)).movies)).toEqual(expected);
    }
    rmSync(table);
    expect(seen((await readCatalogFile(path)).movies)).toEqual(expected);
  });

  it('does not stand in for a cut JSON file: its read fails as before', async () => {
    writeCatalogFiles(path, syntheticCatalog(real, 300));
    truncateSync(path, readFileSync(path).length - 40);
    await expect(readCatalogFile(path)).rejects.toThrow(/truncated/);
  });

  it('needs the text file as the JSON does (a missing one is the ENOENT a start rebuilds on)', async () => {
    writeCatalogFiles(path, syntheticCatalog(real, 50));
    rmSync(catalogTextPath(path));
    await expect(readCatalogFile(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
