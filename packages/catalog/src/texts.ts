import { closeSync, mkdirSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { catalogLists } from './catalog-index';
import { movieTablePath, MovieTableWriter, newTableToken } from './movie-table';
import type { CatalogFile, CatalogMovie } from './types';

/**
 * The catalog's long texts (each movie's overview and tagline) live in a file beside the catalog's
 * JSON, not in it (decision 0047). The JSON gives each movie `text_at` and `text_len`: where its
 * block is in the text file (UTF-8: the overview, a NUL, the tagline, a NUL, then the JSON of its
 * `COLD_FIELDS`). A loaded movie reads its texts from that file when asked (`movie.overview` is a
 * getter), so the texts are never all held in memory: 16 MB of strings for the real catalog, about
 * 350 MB at a million movies, and a third of the JSON that each start parsed.
 */
export interface StoredTexts {
  text_at: number;
  text_len: number;
}

/** The text file of a catalog JSON file: `catalog.v3.json` → `catalog.v3.text`. */
export const catalogTextPath = (jsonPath: string) => jsonPath.replace(/\.json$/, '') + '.text';

/**
 * A movie's fields that only its own page, an import's matching and the recommender's model build
 * read, never a list, a search or the chat: kept in the movie's block of the text file rather than
 * in the JSON (decision 0056), so a start does not parse them. A loaded movie reads them on first
 * use and keeps them. Together they were a third of the JSON's objects: at a million movies the
 * parse took 2.2-2.4 s without them against 3.3-4.1 s with them.
 */
export const COLD_FIELDS = [
  'imdb_id',
  'budget',
  'revenue',
  'production_companies',
  'production_countries',
] as const;
export type ColdField = (typeof COLD_FIELDS)[number];
const OUT_OF_JSON = new Set<string>(['overview', 'tagline', 'text_at', 'text_len', ...COLD_FIELDS]);

/**
 * Fields that mostly follow from others: the generated art's paths from the id (`build.ts`), the
 * original title from the title (most films). The JSON leaves one out where it follows, and a
 * loaded movie makes it when asked (a movie without a poster keeps its `null`, a film with
 * another original title its own). Strings fewer per movie to parse and hold: the two paths alone
 * were about 95 MB at a million movies.
 */
const DERIVED = {
  poster_path: (m: CatalogMovie) => `/poster-${m.id}.svg`,
  backdrop_path: (m: CatalogMovie) => `/backdrop-${m.id}.svg`,
  original_title: (m: CatalogMovie) => m.title,
} as const;

let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * One part of a movie's block in the text file (0: the overview, 1: the tagline, 2: the JSON of
 * its cold fields; '' where the block has no such part).
 */
function readText(fd: number, at: number, len: number, part: 0 | 1 | 2): string {
  if (len > scratch.length) scratch = Buffer.allocUnsafe(len);
  let done = 0;
  while (done < len) {
    const n = readSync(fd, scratch, done, len - done, at + done);
    if (n === 0) throw new Error('The catalog text file is shorter than its catalog says.');
    done += n;
  }
  const block = scratch.subarray(0, len);
  let from = 0;
  for (let p = 0; p < part; p++) {
    const zero = block.indexOf(0, from);
    if (zero < 0) return '';
    from = zero + 1;
  }
  const zero = block.indexOf(0, from);
  return scratch.toString('utf8', from, zero >= 0 ? zero : len);
}

/** A loaded movie's cold fields, read from its block. */
function readCold(m: CatalogMovie & StoredTexts, fd: number): Pick<CatalogMovie, ColdField> {
  const cold = JSON.parse(readText(fd, m.text_at, m.text_len, 2) || '{}') as Partial<
    Pick<CatalogMovie, ColdField>
  >;
  return {
    imdb_id: cold.imdb_id ?? null,
    budget: cold.budget ?? 0,
    revenue: cold.revenue ?? 0,
    production_companies: cold.production_companies ?? [],
    production_countries: cold.production_countries ?? [],
  };
}

/** Reads a loaded movie's cold fields from its block and makes them its own properties. */
function loadCold(m: CatalogMovie & StoredTexts, fd: number): Pick<CatalogMovie, ColdField> {
  const fields = readCold(m, fd);
  for (const f of COLD_FIELDS)
    Object.defineProperty(m, f, { value: fields[f], writable: true, enumerable: true, configurable: true });
  return fields;
}

const PEEK_COLD = Symbol('peekCold');

/**
 * A movie's cold fields without keeping them on it: a loaded movie whose fields were not read yet
 * has them read from its block each time. For a pass over every film that reads them once a film
 * (the recommender's training), where keeping them would hold them all: ~0.4 KB a film (decision
 * 0103).
 */
export function coldFieldsOf(m: CatalogMovie): Pick<CatalogMovie, ColdField> {
  const peek = (m as unknown as Record<symbol, (() => Pick<CatalogMovie, ColdField>) | undefined>)[PEEK_COLD];
  if (peek && !Object.prototype.hasOwnProperty.call(m, 'production_companies')) return peek.call(m);
  return {
    imdb_id: m.imdb_id,
    budget: m.budget,
    revenue: m.revenue,
    production_companies: m.production_companies,
    production_countries: m.production_countries,
  };
}

/**
 * The prototype of a loaded movie: its texts, read from the open text file. `toJSON` writes the
 * movie as it was built (texts in, positions out), so a loaded movie serializes as before.
 */
function textsPrototype(fd: number): object {
  const proto = {
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
  for (const f of COLD_FIELDS)
    Object.defineProperty(proto, f, {
      get(this: CatalogMovie & StoredTexts) {
        return loadCold(this, fd)[f];
      },
      configurable: true,
    });
  Object.defineProperty(proto, PEEK_COLD, {
    value(this: CatalogMovie & StoredTexts) {
      return readCold(this, fd);
    },
  });
  for (const [f, path] of Object.entries(DERIVED))
    Object.defineProperty(proto, f, {
      get(this: CatalogMovie) {
        return path(this);
      },
      configurable: true,
    });
  return proto;
}

/**
 * A movie as a plain object with its texts and cold fields in it (a loaded one's are read from its
 * file and not kept on it: a catalog written whole, as a sync does, would otherwise end up holding
 * every film's cold fields, 1.3 GB of a million-film sync's 2.5 GB peak), and without the
 * positions of its block.
 */
export function plainMovie(m: CatalogMovie): CatalogMovie {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) if (!OUT_OF_JSON.has(k)) out[k] = v;
  out.overview = m.overview;
  out.tagline = m.tagline;
  const cold = coldFieldsOf(m);
  for (const f of COLD_FIELDS) out[f] = cold[f];
  for (const f of Object.keys(DERIVED) as (keyof typeof DERIVED)[]) out[f] = m[f];
  return out as unknown as CatalogMovie;
}

/**
 * Gives the movies of a parsed catalog that carry text positions their texts, from the text file
 * (kept open while any of its movies is held; a rebuilt catalog replaces the file by rename, so the
 * open one stays whole). Movies with their texts inline (older files, test fixtures) are left as
 * they are. Throws when the text file is missing.
 */
export function attachTexts(file: CatalogFile, textPath: string): CatalogFile {
  const attach = textAttacher(textPath);
  for (const m of file.movies) attach(m);
  return file;
}

/**
 * `attachTexts` one movie at a time, as they are parsed (`parseCatalogBytes`'s `each`): each
 * movie is given its prototype while it is still in the processor's cache (a million movies
 * walked again after the parse took about 300 ms). The text file is opened at the first movie
 * that carries text positions; that throws when the file is missing.
 */
export function textAttacher(textPath: string): (m: CatalogMovie) => void {
  let proto: object | undefined;
  return (m) => {
    if (typeof (m as Partial<StoredTexts>).text_at !== 'number') return;
    if (!proto) {
      const fd = openSync(textPath, 'r');
      closedWhenGone.register((proto = textsPrototype(fd)), fd);
    }
    Object.setPrototypeOf(m, proto);
  };
}

/**
 * A catalog's text file is closed once none of its movies is left: a running API swaps in a
 * synced catalog (decision 0084), and the old one's file (renamed over, or a past generation's)
 * would otherwise stay open, and on disk, for the life of the process.
 */
const closedWhenGone = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/**
 * Writes a catalog: its texts and cold fields to the text file, the rest to the JSON file, movie by movie (a
 * million movies are more than one JavaScript string can hold, about 512 MB), every character past
 * ASCII of the JSON escaped (`asciiJson`: read back as a one-byte string). Each file goes to a
 * temporary name first and is renamed whole, the text file before the JSON: a JSON file is only
 * ever there with its texts. The movies are also written to the movie table beside them
 * (`movie-table.ts`, decision 0111), renamed before the JSON, which a start reads instead of the
 * JSON's movie list; a token in the JSON's head and the table ties the two.
 */
export function writeCatalogFiles(jsonPath: string, file: CatalogFile): void {
  mkdirSync(dirname(jsonPath), { recursive: true });
  const textPath = catalogTextPath(jsonPath);
  const tmpJson = `${jsonPath}.${process.pid}.tmp`;
  const tmpText = `${textPath}.${process.pid}.tmp`;
  const tablePath = movieTablePath(jsonPath);
  const tmpTable = `${tablePath}.${process.pid}.tmp`;
  const json = openSync(tmpJson, 'w');
  const text = openSync(tmpText, 'w');
  // The movies again, in the table a start reads instead of the JSON's list (decision 0111); the
  // token in both tells a reader that they go together.
  const table = new MovieTableWriter();
  const token = newTableToken();
  let jsonBytes = 0;
  const writeJson = (s: string) => {
    jsonBytes += writeSync(json, s);
  };
  try {
    // The served lists are made here, from these movies (a loaded file's own were taken by its index).
    const { movies, lists: _stored, ...rest } = file;
    const head = { ...rest, lists: catalogLists(movies, file.built_at), movie_table: token };
    writeJson(`${asciiJson(JSON.stringify(head)).slice(0, -1)},"movies":[`);
    let chunk: string[] = [];
    let texts: Buffer[] = [];
    let at = 0;
    const flush = () => {
      if (chunk.length) writeJson(chunk.join(',\n'));
      for (const t of texts) writeSync(text, t);
      chunk = [];
      texts = [];
    };
    movies.forEach((m, i) => {
      // A newline after each movie's comma: the piecewise reader cuts there (load.ts).
      if (i > 0 && chunk.length === 0) writeJson(',\n');
      // The movie whole (a loaded one's texts and cold fields read once), split between the files.
      const whole = plainMovie(m);
      const cold: Record<string, unknown> = {};
      for (const f of COLD_FIELDS) cold[f] = whole[f];
      const block = Buffer.from(`${whole.overview}\0${whole.tagline}\0${JSON.stringify(cold)}`, 'utf8');
      const hot: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(whole))
        if (!OUT_OF_JSON.has(k) && !(k in DERIVED && v === DERIVED[k as keyof typeof DERIVED](whole)))
          hot[k] = v;
      hot.text_at = at;
      hot.text_len = block.length;
      const line = asciiJson(JSON.stringify(hot));
      chunk.push(line);
      // The movie as the JSON's reader parses it back.
      table.add(JSON.parse(line));
      texts.push(block);
      at += block.length;
      if (chunk.length === 1000) flush();
    });
    flush();
    writeJson(']}');
  } finally {
    closeSync(json);
    closeSync(text);
  }
  table.write(tmpTable, token, jsonBytes);
  renameSync(tmpText, textPath);
  renameSync(tmpTable, tablePath);
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
