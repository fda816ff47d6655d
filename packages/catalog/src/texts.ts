import { closeSync, mkdirSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { catalogLists } from './catalog-index';
import type { CatalogFile, CatalogMovie } from './types';

/**
 * The catalog's long texts (each movie's overview and tagline) live in a file beside the catalog's
 * JSON, not in it (decision 0047). The JSON gives each movie `text_at` and `text_len`: where its
 * block is in the text file (UTF-8, the overview, a NUL, the tagline). A loaded movie reads its
 * texts from that file when asked (`movie.overview` is a getter), so the texts are never all held
 * in memory: 16 MB of strings for the real catalog, about 350 MB at a million movies, and a third
 * of the JSON that each start parsed.
 */
export interface StoredTexts {
  text_at: number;
  text_len: number;
}

/** The text file of a catalog JSON file: `catalog.v3.json` → `catalog.v3.text`. */
export const catalogTextPath = (jsonPath: string) => jsonPath.replace(/\.json$/, '') + '.text';

let scratch = Buffer.allocUnsafe(64 * 1024);

/** One of a movie's texts (0: the overview, 1: the tagline), read from its block in the text file. */
function readText(fd: number, at: number, len: number, part: 0 | 1): string {
  if (len > scratch.length) scratch = Buffer.allocUnsafe(len);
  let done = 0;
  while (done < len) {
    const n = readSync(fd, scratch, done, len - done, at + done);
    if (n === 0) throw new Error('The catalog text file is shorter than its catalog says.');
    done += n;
  }
  const zero = scratch.subarray(0, len).indexOf(0);
  const cut = zero >= 0 ? zero : len;
  if (part === 0) return scratch.toString('utf8', 0, cut);
  return cut < len ? scratch.toString('utf8', cut + 1, len) : '';
}

/**
 * The prototype of a loaded movie: its texts, read from the open text file. `toJSON` writes the
 * movie as it was built (texts in, positions out), so a loaded movie serializes as before.
 */
function textsPrototype(fd: number): object {
  return {
    get overview(): string {
      const m = this as unknown as StoredTexts;
      return readText(fd, m.text_at, m.text_len, 0);
    },
    get tagline(): string {
      const m = this as unknown as StoredTexts;
      return readText(fd, m.text_at, m.text_len, 1);
    },
    toJSON(this: CatalogMovie & StoredTexts) {
      return plainMovie(this);
    },
  };
}

/** A movie as a plain object with its texts in it (a loaded one's are read from its file). */
function plainMovie(m: CatalogMovie): CatalogMovie {
  const { text_at: _a, text_len: _b, ...rest } = m as CatalogMovie & Partial<StoredTexts>;
  return { ...rest, overview: m.overview, tagline: m.tagline } as CatalogMovie;
}

/**
 * Gives the movies of a parsed catalog that carry text positions their texts, from the text file
 * (kept open for the life of the process; a rebuilt catalog replaces the file by rename, so the
 * open one stays whole). Movies with their texts inline (older files, test fixtures) are left as
 * they are. Throws when the text file is missing.
 */
export function attachTexts(file: CatalogFile, textPath: string): CatalogFile {
  const movies = file.movies;
  if (!movies.some((m) => typeof (m as Partial<StoredTexts>).text_at === 'number')) return file;
  const proto = textsPrototype(openSync(textPath, 'r'));
  for (const m of movies)
    if (typeof (m as Partial<StoredTexts>).text_at === 'number') Object.setPrototypeOf(m, proto);
  return file;
}

/**
 * Writes a catalog: its texts to the text file, the rest to the JSON file, movie by movie (a
 * million movies are more than one JavaScript string can hold, about 512 MB), every character past
 * ASCII of the JSON escaped (`asciiJson`: read back as a one-byte string). Each file goes to a
 * temporary name first and is renamed whole, the text file before the JSON: a JSON file is only
 * ever there with its texts.
 */
export function writeCatalogFiles(jsonPath: string, file: CatalogFile): void {
  mkdirSync(dirname(jsonPath), { recursive: true });
  const textPath = catalogTextPath(jsonPath);
  const tmpJson = `${jsonPath}.${process.pid}.tmp`;
  const tmpText = `${textPath}.${process.pid}.tmp`;
  const json = openSync(tmpJson, 'w');
  const text = openSync(tmpText, 'w');
  try {
    // The served lists are made here, from these movies (a loaded file's own were taken by its index).
    const { movies, lists: _stored, ...rest } = file;
    const head = { ...rest, lists: catalogLists(movies, file.built_at) };
    writeSync(json, `${asciiJson(JSON.stringify(head)).slice(0, -1)},"movies":[`);
    let chunk: string[] = [];
    let texts: Buffer[] = [];
    let at = 0;
    const flush = () => {
      if (chunk.length) writeSync(json, chunk.join(',\n'));
      for (const t of texts) writeSync(text, t);
      chunk = [];
      texts = [];
    };
    movies.forEach((m, i) => {
      // A newline after each movie's comma: the piecewise reader cuts there (load.ts).
      if (i > 0 && chunk.length === 0) writeSync(json, ',\n');
      const block = Buffer.from(`${m.overview}\0${m.tagline}`, 'utf8');
      const {
        overview: _o,
        tagline: _t,
        text_at: _a,
        text_len: _b,
        ...rest
      } = m as CatalogMovie & Partial<StoredTexts>;
      chunk.push(asciiJson(JSON.stringify({ ...rest, text_at: at, text_len: block.length })));
      texts.push(block);
      at += block.length;
      if (chunk.length === 1000) flush();
    });
    flush();
    writeSync(json, ']}');
  } finally {
    closeSync(json);
    closeSync(text);
  }
  renameSync(tmpText, textPath);
  renameSync(tmpJson, jsonPath);
}

/**
 * JSON text with every character past ASCII written as a `\\uXXXX` escape (the same JSON value).
 * A catalog file written so is read back as a one-byte string (`latin1`, no UTF-8 decoding) and
 * parsed as one: at each start the real catalog's 44 MB took ~50 ms instead of ~110–150 ms to
 * decode, and the text held 44 MB instead of 88 MB while parsed (decision 0030).
 */
export function asciiJson(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
