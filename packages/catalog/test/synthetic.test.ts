import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAscii } from 'node:buffer';
import {
  CatalogIndex,
  catalogLists,
  NOW_PLAYING_DAYS,
  referenceDate,
  TOP_RATED_MIN_VOTES,
  TRENDING_HALF_LIFE_DAYS,
  TRENDING_WINDOW_DAYS,
} from '../src/catalog-index';
import { GENRES } from '../src/genres';
import { parseCatalogBytes, readCatalogFile, readCatalogInChunks } from '../src/load';
import {
  asciiJson,
  attachTexts,
  catalogTextPath,
  COLD_FIELDS,
  coldFieldsOf,
  writeCatalogFiles,
} from '../src/texts';
import { SYNTHETIC_ID_BASE, syntheticCatalog } from '../src/synthetic';
import type { CatalogFile, CatalogMovie } from '../src/types';
import { catalogFileOf, THREE_FILMS } from './fixture-csv';

/** A catalog as plain data: a loaded movie's texts (read from its text file) written in. */
const plain = (file: CatalogFile): CatalogFile => JSON.parse(JSON.stringify(file)) as CatalogFile;
/** Bytes of a catalog JSON file parsed as a start does, its texts from the file beside `path`. */
const loaded = (bytes: Buffer, path: string, opts?: Parameters<typeof parseCatalogBytes>[1]) =>
  plain(attachTexts(parseCatalogBytes(bytes, opts), catalogTextPath(path)));
/** A catalog as `writeCatalogFiles` writes it: with its served lists, made from its movies. */
const asWritten = (file: CatalogFile): CatalogFile => ({
  ...file,
  lists: catalogLists(file.movies, file.built_at),
});

const real: CatalogFile = catalogFileOf(THREE_FILMS);

describe('syntheticCatalog', () => {
  it('keeps the real movies and adds perturbed ones with unique ids, to the size asked', () => {
    const big = syntheticCatalog(real, 500);
    expect(big.movies).toHaveLength(500);
    expect(big.movies.slice(0, 3)).toEqual(real.movies);
    const ids = new Set(big.movies.map((m) => m.id));
    expect(ids.size).toBe(500);
    const added = big.movies.slice(3);
    expect(added.every((m) => m.id >= SYNTHETIC_ID_BASE)).toBe(true);
    // Titles are perturbed (not all copies of the three real ones) and dates never move forward.
    expect(new Set(added.map((m) => m.title)).size).toBeGreaterThan(50);
    const newest = real.movies
      .map((m) => m.release_date!)
      .sort()
      .at(-1)!;
    expect(added.every((m) => !m.release_date || m.release_date <= newest)).toBe(true);
  });

  it('is deterministic for a seed', () => {
    expect(syntheticCatalog(real, 50, 7).movies).toEqual(syntheticCatalog(real, 50, 7).movies);
    expect(syntheticCatalog(real, 50, 7).movies).not.toEqual(syntheticCatalog(real, 50, 8).movies);
  });

  it('writes a file the loader and the index read back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'synthetic-'));
    try {
      const big = syntheticCatalog(real, 2500);
      const path = join(dir, 'catalog.json');
      writeCatalogFiles(path, big);
      const read = await readCatalogFile(path);
      expect(plain(read)).toEqual(asWritten(big));
      const index = new CatalogIndex(read);
      expect(index.byId.size).toBe(2500);
      expect(index.searchTitles('interstelar').length).toBeGreaterThan(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a file in chunks (the next read while one is parsed) to the same catalog, wherever the chunks end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'synthetic-'));
    try {
      const big = syntheticCatalog(real, 400);
      // Text with the delimiters and multi-byte characters a chunk's end could fall inside.
      big.movies[7] = {
        ...big.movies[7]!,
        overview: 'a } ] [ { "quoted" \\ back',
        tagline: 'Ünïcödé — 東京 🎬 },{"id":1',
      };
      big.movies[399] = { ...big.movies[399]!, title: 'Straße 😀 },\n{' };
      const path = join(dir, 'catalog.json');
      writeCatalogFiles(path, big);
      const expected = asWritten(big);
      const size = readFileSync(path).length;
      // Chunks barely longer than the cut between two movies, shorter than one movie, than the
      // head, and a few chunks for the whole file (the tiny ones with one piece size: each chunk
      // is a read of its own).
      for (const chunkBytes of [5, 7, 333, 1000, 4096, Math.ceil(size / 3)]) {
        for (const pieceBytes of chunkBytes < 100 ? [500] : [1, 500, 1 << 30]) {
          const read = await readCatalogInChunks(path, { chunkBytes, pieceBytes, wholeFileBytes: 0 });
          expect(plain(attachTexts(read, catalogTextPath(path)))).toEqual(expected);
        }
        if (chunkBytes >= 100)
          expect(plain(await readCatalogFile(path, { chunkBytes, wholeFileBytes: 0 }))).toEqual(expected);
      }
      // A chunk's end inside the writer's cut between two movies (`},\n{`).
      const bytesOut = readFileSync(path);
      const cutAt = bytesOut.indexOf('},\n{', bytesOut.indexOf('"movies":['));
      for (const k of [1, 2, 3]) {
        const read = await readCatalogInChunks(path, { chunkBytes: cutAt + k, wholeFileBytes: 0 });
        expect(plain(attachTexts(read, catalogTextPath(path)))).toEqual(expected);
      }
      // Cut short: refused, whatever the chunk.
      const bytes = readFileSync(path);
      const cut = join(dir, 'cut.json');
      writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
      for (const chunkBytes of [7, 1000, size])
        await expect(readCatalogInChunks(cut, { chunkBytes, wholeFileBytes: 0 })).rejects.toThrow(
          /truncated/,
        );
      // A file without the writer's line breaks (one JSON.stringify) is read whole.
      const one = join(dir, 'one.json');
      writeFileSync(one, JSON.stringify(big));
      for (const chunkBytes of [1000, 1 << 30])
        expect(await readCatalogInChunks(one, { chunkBytes, wholeFileBytes: 0 })).toEqual(big);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads a UTF-8 file with the writer's cuts to the same value at every chunk size", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'synthetic-'));
    try {
      // Not ASCII (an older writer's file): characters of 2, 3 and 4 bytes in the head and in
      // the movies, so that chunk ends fall inside them, inside the marker and inside the cuts.
      const movies = Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        title: `Ünï ${i} 東京 🎬 },{"x":1`,
      }));
      const text = `{"version":5,"note":"Zürich — 東京 🎬","movies":[${movies.map((m) => JSON.stringify(m)).join(',\n')}]}\n`;
      const path = join(dir, 'utf8.json');
      writeFileSync(path, text);
      const size = Buffer.byteLength(text);
      for (let chunkBytes = 1; chunkBytes <= size; chunkBytes += chunkBytes < 120 ? 1 : 37) {
        expect(await readCatalogInChunks(path, { chunkBytes, wholeFileBytes: 0, pieceBytes: 40 })).toEqual(
          JSON.parse(text),
        );
      }
      // Without the marker (pretty-printed), it is read whole.
      const pretty = join(dir, 'pretty.json');
      writeFileSync(pretty, JSON.stringify(JSON.parse(text), null, 2));
      expect(await readCatalogInChunks(pretty, { chunkBytes: 64, wholeFileBytes: 0 })).toEqual(
        JSON.parse(text),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('parses a file in pieces (as past the longest string) to the same catalog as one JSON.parse', () => {
    const dir = mkdtempSync(join(tmpdir(), 'synthetic-'));
    try {
      const big = syntheticCatalog(real, 300);
      // Text that looks like the delimiters the piecewise reader counts: braces, brackets,
      // escaped quotes and backslashes inside strings, and characters of several UTF-8 lengths.
      big.movies[7] = {
        ...big.movies[7]!,
        overview: 'a } ] [ { "quoted" \\ back\\"slash',
        tagline: 'Ünïcödé — 東京 🎬 },{"id":1',
      };
      big.movies[8] = { ...big.movies[8]!, keywords: ['{', '}', ']', '[', '"', '\\'] };
      const path = join(dir, 'catalog.json');
      writeCatalogFiles(path, big);
      const bytes = readFileSync(path);
      // The writer's newline after each movie: pieces are cut there, not by a scan of every byte.
      expect(bytes.includes('},\n{')).toBe(true);
      for (const pieceBytes of [1, 500, 10_000, 1 << 30]) {
        expect(loaded(bytes, path, { piecewiseAbove: 0, pieceBytes })).toEqual(asWritten(big));
      }
      expect(() => parseCatalogBytes(bytes.subarray(0, bytes.length - 40), { piecewiseAbove: 0 })).toThrow(
        /truncated/,
      );
      // The builder writes the file with one JSON.stringify: the same reader reads it.
      const one = Buffer.from(JSON.stringify(big));
      expect(parseCatalogBytes(one, { piecewiseAbove: 0, pieceBytes: 2000 })).toEqual(big);
      expect(parseCatalogBytes(one)).toEqual(big);
      expect(() => parseCatalogBytes(one.subarray(0, one.length - 40), { piecewiseAbove: 0 })).toThrow(
        /truncated/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('catalog files in ASCII (read as one-byte text, no UTF-8 decoding)', () => {
  const names = ['Amélie', '千と千尋の神隠し', 'Straße 😀', 'Ça va \u00e9 "quoted" \\ back', 'Плохие'];
  const withNames: CatalogFile = {
    ...real,
    stats: { ...real.stats },
    movies: real.movies.map((m, i) => ({
      ...m,
      title: names[i]!,
      original_title: names[(i + 3) % names.length]!,
    })),
  };

  it('asciiJson keeps the JSON value and leaves no byte past ASCII', () => {
    const text = asciiJson(JSON.stringify(withNames));
    expect(isAscii(Buffer.from(text))).toBe(true);
    expect(JSON.parse(text)).toEqual(withNames);
    expect(text).toContain('\\u00e9'); // é, escaped
  });

  it('the streaming writer writes ASCII; the reader gives back the same catalog, whole or in pieces', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ascii-catalog-'));
    try {
      const path = join(dir, 'catalog.json');
      writeCatalogFiles(path, withNames);
      const bytes = readFileSync(path);
      expect(isAscii(bytes)).toBe(true);
      expect(loaded(bytes, path)).toEqual(asWritten(withNames));
      expect(loaded(bytes, path, { piecewiseAbove: 0, pieceBytes: 100 })).toEqual(asWritten(withNames));
      // A file written before (UTF-8) still reads the same.
      expect(parseCatalogBytes(Buffer.from(JSON.stringify(withNames)))).toEqual(withNames);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the catalog texts beside the JSON (decision 0047)', () => {
  it("keeps texts out of the JSON and reads each movie's from the text file when asked", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-texts-'));
    try {
      const file = syntheticCatalog(real, 40);
      file.movies[3] = { ...file.movies[3]!, overview: 'Zoë’s café — 東京 🎬.', tagline: '' };
      file.movies[4] = { ...file.movies[4]!, overview: '', tagline: 'Only a tagline.' };
      const path = join(dir, 'catalog.json');
      writeCatalogFiles(path, file);
      const json = readFileSync(path, 'latin1');
      expect(json).not.toContain('"overview"');
      expect(json).not.toContain('"tagline"');
      expect(readFileSync(catalogTextPath(path), 'utf8')).toContain('Zoë’s café — 東京 🎬.');
      const read = await readCatalogFile(path);
      const m3 = read.movies[3]!;
      expect(Object.keys(m3)).not.toContain('overview');
      expect(m3.overview).toBe('Zoë’s café — 東京 🎬.');
      expect(m3.tagline).toBe('');
      expect(read.movies[4]!.overview).toBe('');
      expect(read.movies[4]!.tagline).toBe('Only a tagline.');
      expect(read.movies.map((m) => m.overview)).toEqual(file.movies.map((m) => m.overview));
      // Serialized, a loaded movie is the movie as built: texts in, positions out.
      expect(JSON.parse(JSON.stringify(m3))).toEqual(file.movies[3]);
      // A synthetic catalog made from a loaded one carries the texts (not the positions).
      const again = syntheticCatalog(read, 60);
      const added = again.movies.slice(40);
      expect(added.every((m) => typeof m.overview === 'string' && !('text_at' in m))).toBe(true);
      expect(again.movies[50]!.overview.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the cold fields out of the JSON and reads them from the text file on first use (decision 0056)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-cold-'));
    try {
      const file = syntheticCatalog(real, 40);
      file.movies[2] = {
        ...file.movies[2]!,
        imdb_id: 'tt0068646',
        budget: 6_000_000,
        revenue: 245_066_411,
        production_companies: [{ id: 4, name: 'Paramount — Café 東京' }],
        overview: '',
        tagline: '',
      };
      file.movies[5] = { ...file.movies[5]!, poster_path: null };
      file.movies[6] = { ...file.movies[6]!, original_title: 'Le Fabuleux Destin d’Amélie Poulain' };
      const path = join(dir, 'catalog.json');
      writeCatalogFiles(path, file);
      const json = readFileSync(path, 'latin1');
      for (const f of COLD_FIELDS) expect(json).not.toContain(`"${f}"`);
      expect(json).toContain('"genre_ids"');
      // The generated art's paths follow from the id; only a missing poster is written.
      expect(json).not.toContain('"backdrop_path"');
      expect(json).not.toContain('.svg');
      const noPoster = 5;
      expect(json.match(/"poster_path"/g)?.length).toBe(
        file.movies.filter((m) => m.poster_path === null).length,
      );
      const read = await readCatalogFile(path);
      const m2 = read.movies[2]!;
      // Peeked (as the recommender's training reads every film's), not kept (decision 0103).
      expect(coldFieldsOf(m2)).toEqual({
        imdb_id: 'tt0068646',
        budget: 6_000_000,
        revenue: 245_066_411,
        production_companies: [{ id: 4, name: 'Paramount — Café 東京' }],
        production_countries: file.movies[2]!.production_countries,
      });
      expect(Object.keys(m2)).not.toContain('production_companies');
      expect(m2.production_companies).toEqual([{ id: 4, name: 'Paramount — Café 東京' }]);
      // Read once, then the movie's own.
      expect(Object.keys(m2)).toEqual(expect.arrayContaining([...COLD_FIELDS]));
      expect([m2.imdb_id, m2.budget, m2.revenue]).toEqual(['tt0068646', 6_000_000, 245_066_411]);
      expect(m2.overview).toBe('');
      expect(m2.tagline).toBe('');
      expect(read.movies.map((m) => [m.poster_path, m.backdrop_path])).toEqual(
        file.movies.map((m) => [m.poster_path, m.backdrop_path]),
      );
      expect(read.movies[noPoster]!.poster_path).toBeNull();
      // The original title is written only where it is not the title.
      expect(json.match(/"original_title"/g)?.length).toBe(1);
      expect(read.movies[6]!.original_title).toBe('Le Fabuleux Destin d’Amélie Poulain');
      expect(read.movies.map((m) => m.original_title)).toEqual(file.movies.map((m) => m.original_title));
      // A movie not read yet serializes whole too.
      expect(Object.keys(read.movies[7]!)).not.toContain('imdb_id');
      expect(plain(read).movies).toEqual(file.movies);
      // Serialized or written again (as a sync writes its base catalog into the next generation),
      // a loaded movie's cold fields are read, not kept: at a million films they were ~1.3 GB of
      // a sync's peak (2.5 GB → 1.2 GB, packages/catalog/bench/sync.bench.ts).
      const again = join(dir, 'again.json');
      writeCatalogFiles(again, read);
      expect(read.movies.filter((m, i) => i !== 2 && Object.keys(m).includes('imdb_id'))).toEqual([]);
      expect(plain(await readCatalogFile(again)).movies).toEqual(file.movies);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves movies with their texts inline as they are (fixtures, files written by hand)', () => {
    const file = plain(syntheticCatalog(real, 5));
    expect(attachTexts(file, '/nonexistent/catalog.text').movies).toEqual(syntheticCatalog(real, 5).movies);
  });
});

describe('the served lists stored in the file (decision 0050)', () => {
  // The lists by their definitions, over movie objects (what a start sorted before 0050).
  const DAY = 86_400_000;
  const reference = (file: CatalogFile) => {
    const ref = referenceDate(file.movies);
    const released = file.movies.filter(
      (m) => m.status === 'Released' && (!m.release_date || m.release_date <= ref),
    );
    const popular = [...released].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    const age = (m: CatalogMovie) => (Date.parse(ref) - Date.parse(m.release_date!)) / DAY;
    const ids = (ms: CatalogMovie[]) => ms.map((m) => m.id);
    return {
      referenceDate: ref,
      popular: ids(popular),
      topRated: ids(
        released
          .filter((m) => m.vote_count >= TOP_RATED_MIN_VOTES)
          .sort((a, b) => b.vote_average - a.vote_average || b.vote_count - a.vote_count || a.id - b.id),
      ),
      nowPlaying: ids(popular.filter((m) => m.release_date && age(m) <= NOW_PLAYING_DAYS)),
      trending: ids(
        popular
          .filter((m) => m.release_date && age(m) <= TRENDING_WINDOW_DAYS)
          .sort(
            (a, b) =>
              b.popularity * 0.5 ** (age(b) / TRENDING_HALF_LIFE_DAYS) -
                a.popularity * 0.5 ** (age(a) / TRENDING_HALF_LIFE_DAYS) || a.id - b.id,
          ),
      ),
      genres: GENRES.map((g) => ids(popular.filter((m) => m.genre_ids.includes(g.id)))),
    };
  };
  const served = (index: CatalogIndex) => {
    const ids = (ms: readonly CatalogMovie[]) => ms.map((m) => m.id);
    return {
      referenceDate: index.referenceDate,
      popular: ids(index.popular),
      topRated: ids(index.topRated),
      nowPlaying: ids(index.nowPlaying),
      trending: ids(index.trending),
      genres: GENRES.map((g) => ids(index.discover([g.id], 'all'))),
    };
  };
  // Scaled votes and popularity give ties, broken by id; shifted dates put some after the reference.
  const big = syntheticCatalog(real, 4000, 3);
  // (Copies: the first movies are the real catalog's own objects.)
  big.movies = big.movies.map((m) => ({ ...m }));
  big.movies.forEach((m, i) => {
    if (i % 7 === 0) m.popularity = 12.5;
    if (i % 11 === 0) m.status = 'Rumored';
    if (i % 13 === 0) m.release_date = null;
  });

  it('are read from the file, and equal the lists made by sorting the movies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lists-'));
    try {
      const path = join(dir, 'catalog.json');
      writeCatalogFiles(path, big);
      const read = await readCatalogFile(path);
      expect(read.lists?.popular.length).toBeGreaterThan(3000);
      const expected = reference(big);
      expect(expected.nowPlaying.length).toBeGreaterThan(0);
      expect(expected.trending.length).toBeGreaterThan(expected.nowPlaying.length);
      expect(expected.topRated.length).toBeGreaterThan(100);
      expect(served(new CatalogIndex(read))).toEqual(expected);
      // Taken by the index; another index over the same file makes its own, the same.
      expect(read.lists).toBeUndefined();
      expect(served(new CatalogIndex(read))).toEqual(expected);
      // Made in memory (no stored lists): the same.
      expect(served(new CatalogIndex({ ...big }))).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are used as stored when they fit the file, and made again when they do not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lists-'));
    try {
      const path = join(dir, 'catalog.json');
      writeCatalogFiles(path, big);
      const expected = reference(big);
      // Two films swapped in the stored list: served as stored (the start did not sort).
      const swapped = await readCatalogFile(path);
      const p = swapped.lists!.popular;
      [p[0], p[1]] = [p[1]!, p[0]!];
      expect(served(new CatalogIndex(swapped)).popular.slice(0, 2)).toEqual([
        expected.popular[1],
        expected.popular[0],
      ]);
      // Lists of another catalog (other built_at or size), or with a position past the movies: made again.
      for (const spoil of [
        (f: CatalogFile) => (f.lists!.built_at = 'another'),
        (f: CatalogFile) => f.movies.pop(),
        (f: CatalogFile) => (f.lists!.by_genre[GENRES[0]!.id] = [f.movies.length]),
      ]) {
        const file = await readCatalogFile(path);
        file.lists!.popular.reverse();
        spoil(file);
        expect(served(new CatalogIndex(file))).toEqual(reference(file));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
