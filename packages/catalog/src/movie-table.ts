import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { CatalogMovie } from './types';

/**
 * The movie table (decision 0111): the movies of a catalog JSON file again, in a binary file beside
 * it (`catalog.v6.json` → `catalog.v6.movies`), written by `writeCatalogFiles` from the same movies,
 * and read by a start instead of the JSON's movie list. Parsing the list with `JSON.parse` took
 * 4.6-4.9 s of CPU at a million movies, 2 s of it the garbage collector copying every parsed
 * object out of the young generation (a CPU profile); the table is decoded by code that makes each
 * movie with an object literal of its keys (the young generation is skipped once V8 sees that they
 * all survive), with each distinct string made once (keywords, languages, dates, paths repeat).
 *
 * The JSON stays the catalog of record: every other reader reads it, and a table that does not
 * match it (another token in the JSON's head, another size, a wrong checksum, or any inconsistency
 * while decoding) is ignored and the JSON read instead.
 *
 * Layout: 8 bytes of magic, a u32 length of the directory (JSON) and a u32 checksum of everything
 * after these 16 bytes; the directory, padded to 8 bytes; then its sections, each at a multiple of
 * 8: the floats (f64), the ints (i32), the string offsets (u32), the tags (u8), the strings (the
 * Latin-1 ones, then the others as UTF-16LE). Each movie is a value: a tag, and its data in the ints or floats.
 */
const MAGIC = Buffer.from('CLMOVT01');

/** A value's kind, in the tags. */
const NULL = 0;
const FALSE = 1;
const TRUE = 2;
/** An integer that fits 32 bits (not -0), in the ints. */
const INT = 3;
/** Any other number, in the floats. */
const FLOAT = 4;
/** A string: its index in the string table, in the ints. */
const STR = 5;
/** An array: its length in the ints, then its elements. */
const ARR = 6;
/** An object: its shape (its keys in order) in the ints, then its values. */
const OBJ = 7;

/** Arrays up to this long are made by a literal of their length (`moviesOf`). */
const ARRAY_LITERALS = 32;

/** The movie table of a catalog JSON file. */
export const movieTablePath = (jsonPath: string) => jsonPath.replace(/\.json$/, '') + '.movies';

interface Directory {
  token: string;
  /** The JSON file's size, in bytes: a JSON replaced or cut since does not match. */
  json_bytes: number;
  movies: number;
  shapes: string[][];
  strings: number;
  /** The first `narrow` strings are Latin-1 (one byte a character), the rest UTF-16LE. */
  narrow: number;
  /** Each section's [offset, length in bytes] from the file's start. */
  floats: [number, number];
  ints: [number, number];
  offsets: [number, number];
  tags: [number, number];
  text: [number, number];
}

/** A new token for a JSON file and its table (in both). */
export const newTableToken = () => randomBytes(16).toString('hex');

class Grow<T extends Int32Array | Float64Array | Uint8Array | Uint32Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number) {
    if (this.length === this.data.length) {
      const next = this.make(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  bytes(): Buffer {
    const d = this.data;
    return Buffer.from(d.buffer, d.byteOffset, this.length * d.BYTES_PER_ELEMENT);
  }
}

/** Collects a catalog's movies (as the JSON's reader would parse them) and writes their table. */
export class MovieTableWriter {
  private readonly tags = new Grow(new Uint8Array(1 << 16), (n) => new Uint8Array(n));
  private readonly ints = new Grow(new Int32Array(1 << 14), (n) => new Int32Array(n));
  private readonly floats = new Grow(new Float64Array(1 << 12), (n) => new Float64Array(n));
  private readonly strings = new Map<string, number>();
  private readonly shapes = new Map<string, number>();
  private readonly shapeKeys: string[][] = [];
  private movies = 0;

  /** One movie, as `JSON.parse` gives it back from the JSON file (so both files hold the same value). */
  add(movie: unknown) {
    this.value(movie);
    this.movies++;
  }

  private value(v: unknown): void {
    if (v === null) this.tags.push(NULL);
    else if (v === false) this.tags.push(FALSE);
    else if (v === true) this.tags.push(TRUE);
    else if (typeof v === 'number') {
      if ((v | 0) === v && !Object.is(v, -0)) {
        this.tags.push(INT);
        this.ints.push(v);
      } else {
        this.tags.push(FLOAT);
        this.floats.push(v);
      }
    } else if (typeof v === 'string') {
      let at = this.strings.get(v);
      if (at === undefined) this.strings.set(v, (at = this.strings.size));
      this.tags.push(STR);
      this.ints.push(at);
    } else if (Array.isArray(v)) {
      this.tags.push(ARR);
      this.ints.push(v.length);
      for (const e of v) this.value(e);
    } else if (typeof v === 'object') {
      const keys = Object.keys(v);
      const shapeKey = JSON.stringify(keys);
      let shape = this.shapes.get(shapeKey);
      if (shape === undefined) {
        this.shapes.set(shapeKey, (shape = this.shapeKeys.length));
        this.shapeKeys.push(keys);
      }
      this.tags.push(OBJ);
      this.ints.push(shape);
      for (const k of keys) this.value((v as Record<string, unknown>)[k]);
    } else throw new Error(`A catalog movie holds a ${typeof v}, which JSON has not.`);
  }

  /** Gives each string reference in the ints its new number. */
  private renumberStrings(index: Int32Array) {
    const tags = this.tags.data;
    const ints = this.ints.data;
    let n = 0;
    for (let t = 0; t < this.tags.length; t++) {
      const tag = tags[t];
      if (tag === STR) ints[n] = index[ints[n]!]!;
      if (tag === STR || tag === INT || tag === ARR || tag === OBJ) n++;
    }
  }

  /** Writes the table to `path` (whole; the caller renames it into place). */
  write(path: string, token: string, jsonBytes: number) {
    // The strings of one-byte characters first, then the others: each kind decoded as one string
    // of its own (a single non-Latin-1 title made the whole table two bytes a character).
    const all = [...this.strings.keys()];
    const narrow = all.filter((s) => !WIDE.test(s));
    const wide = all.filter((s) => WIDE.test(s));
    const index = new Int32Array(all.length);
    let next = 0;
    for (const kind of [narrow, wide]) for (const s of kind) index[this.strings.get(s)!] = next++;
    this.renumberStrings(index);
    const offsets = new Uint32Array(all.length + 1);
    let at = 0;
    [...narrow, ...wide].forEach((s, i) => {
      offsets[i] = at;
      at += s.length;
    });
    offsets[all.length] = at;
    const text = Buffer.concat([
      Buffer.from(narrow.join(''), 'latin1'),
      Buffer.from(wide.join(''), 'utf16le'),
    ]);
    const sections = [
      this.floats.bytes(),
      this.ints.bytes(),
      Buffer.from(offsets.buffer, offsets.byteOffset, offsets.byteLength),
      this.tags.bytes(),
      text,
    ];
    const dir: Omit<Directory, 'floats' | 'ints' | 'offsets' | 'tags' | 'text'> = {
      token,
      json_bytes: jsonBytes,
      movies: this.movies,
      shapes: this.shapeKeys,
      strings: all.length,
      narrow: narrow.length,
    };
    // The sections' places depend on the directory's length, which holds them: placed from a
    // directory padded to a length that fits any offset.
    const names = ['floats', 'ints', 'offsets', 'tags', 'text'] as const;
    let dirText = JSON.stringify(dir);
    const dirBytes = pad8(16 + Buffer.byteLength(dirText) + names.length * 40) - 16;
    let pos = 16 + dirBytes;
    const placed: Record<string, [number, number]> = {};
    sections.forEach((s, i) => {
      placed[names[i]!] = [pos, s.length];
      pos = pad8(pos + s.length);
    });
    dirText = JSON.stringify({ ...dir, ...placed });
    const file = Buffer.alloc(pos);
    MAGIC.copy(file, 0);
    file.writeUInt32LE(dirBytes, 8);
    file.write(dirText.padEnd(dirBytes, ' '), 16, 'utf8');
    sections.forEach((s, i) => s.copy(file, placed[names[i]!]![0]));
    file.writeUInt32LE(checksum(file, 16), 12);
    const fd = openSync(path, 'w');
    try {
      for (let done = 0; done < file.length;)
        done += writeSync(fd, file, done, Math.min(file.length - done, 1 << 30));
    } finally {
      closeSync(fd);
    }
  }
}

/** A character past Latin-1. */
const WIDE = /[^\0-\xff]/;

const pad8 = (n: number) => Math.ceil(n / 8) * 8;

/** A 32-bit checksum of `bytes` from `from` (a multiple of 4; the length too: the writer pads to 8). */
function checksum(bytes: Buffer, from: number): number {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset + from, (bytes.length - from) >> 2);
  let a = 0x811c9dc5 | 0;
  let b = 0x01000193 | 0;
  const n = words.length & ~1;
  for (let i = 0; i < n; i += 2) {
    a = Math.imul(a ^ words[i]!, 0x9e3779b1);
    b = Math.imul(b ^ words[i + 1]!, 0x85ebca6b);
  }
  if (n < words.length) a = Math.imul(a ^ words[n]!, 0x9e3779b1);
  return (Math.imul(a ^ (b >>> 15), 0xc2b2ae35) ^ b) >>> 0;
}

/** A table that does not match its JSON file or is damaged: the JSON is read instead. */
export class MovieTableMismatch extends Error {}

/**
 * The movies of the table at `path`, if it matches the JSON file whose head carried `token` and
 * whose size is `jsonBytes` (awaited once the table is read); `each` is called with each movie as
 * it is made. Throws `MovieTableMismatch` when the table is missing, another file's, or damaged.
 * With `slice`, the movies are made that many at a time, each slice in a task of its own.
 */
export async function readMovieTable(
  path: string,
  match: Promise<{ token: string; jsonBytes: number }> | { token: string; jsonBytes: number },
  opts: { each?: (m: CatalogMovie) => void; slice?: number } = {},
): Promise<CatalogMovie[]> {
  let bytes: Buffer;
  try {
    bytes = await readAll(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new MovieTableMismatch('no movie table');
    throw err;
  }
  const table = checkedTable(bytes, await match);
  const movies: CatalogMovie[] = new Array<CatalogMovie>(table.movies);
  const slice = opts.slice ?? table.movies;
  for (let from = 0; from < table.movies; from += slice) {
    if (from > 0) await new Promise((r) => setImmediate(r));
    table.make(movies, from, Math.min(table.movies, from + slice), opts.each);
  }
  table.end();
  return movies;
}

interface Sections {
  dir: Directory;
  floats: Float64Array;
  ints: Int32Array;
  tags: Uint8Array;
  strings: string[];
}

/** A table's sections, once its magic, token, JSON size, bounds and checksum are checked. */
function checkedTable(bytes: Buffer, match: { token: string; jsonBytes: number }) {
  let sections: Sections;
  try {
    sections = tableSections(bytes, match);
  } catch (err) {
    // A directory damaged into other JSON (a field missing, of another type) fails anywhere here.
    if (err instanceof MovieTableMismatch) throw err;
    throw new MovieTableMismatch(`the movie table is damaged (${(err as Error).message})`);
  }
  return moviesOf(sections);
}

function tableSections(bytes: Buffer, match: { token: string; jsonBytes: number }): Sections {
  if (bytes.length < 16 || !bytes.subarray(0, 8).equals(MAGIC) || bytes.length % 8 !== 0)
    throw new MovieTableMismatch('not a movie table');
  const dirBytes = bytes.readUInt32LE(8);
  if (16 + dirBytes > bytes.length) throw new MovieTableMismatch('the movie table is truncated');
  const dir = JSON.parse(bytes.toString('utf8', 16, 16 + dirBytes)) as Directory;
  if (dir.token !== match.token || dir.json_bytes !== match.jsonBytes)
    throw new MovieTableMismatch('the movie table is another catalog file’s');
  for (const [at, len] of [dir.floats, dir.ints, dir.offsets, dir.tags, dir.text])
    if (!(at! % 8 === 0 && len! >= 0 && at! + len! <= bytes.length))
      throw new MovieTableMismatch('the movie table is truncated');
  if (checksum(bytes, 16) !== bytes.readUInt32LE(12))
    throw new MovieTableMismatch('the movie table is damaged');
  const view = <T>(
    make: new (b: ArrayBuffer, at: number, n: number) => T,
    [at, len]: [number, number],
    size: number,
  ) => new make(bytes.buffer as ArrayBuffer, bytes.byteOffset + at, len / size);
  const offsets = view(Uint32Array, dir.offsets, 4);
  if (offsets.length !== dir.strings + 1 || !(dir.narrow >= 0 && dir.narrow <= dir.strings))
    throw new MovieTableMismatch('the movie table is damaged');
  const [at, len] = dir.text;
  const narrowChars = offsets[dir.narrow]!;
  const narrow = bytes.toString('latin1', at, at + narrowChars);
  const wide = bytes.toString('utf16le', at + narrowChars, at + len);
  if (narrow.length !== narrowChars || narrowChars + wide.length !== offsets[dir.strings])
    throw new MovieTableMismatch('the movie table is damaged');
  const strings: string[] = new Array<string>(dir.strings);
  for (let i = 0; i < dir.narrow; i++) strings[i] = narrow.slice(offsets[i], offsets[i + 1]);
  for (let i = dir.narrow; i < dir.strings; i++)
    strings[i] = wide.slice(offsets[i]! - narrowChars, offsets[i + 1]! - narrowChars);
  return {
    dir,
    floats: view(Float64Array, dir.floats, 8),
    ints: view(Int32Array, dir.ints, 4),
    tags: view(Uint8Array, dir.tags, 1),
    strings,
  };
}

/**
 * The table's movie maker: `make` makes movies [from, to) in order (each call goes on where the
 * last ended), `end` checks that every value was read.
 */
function moviesOf({ dir, floats, ints, tags, strings }: Sections) {
  let t = 0;
  let n = 0;
  let f = 0;
  const bad = () => new MovieTableMismatch('the movie table is damaged');
  const value = (): unknown => {
    switch (tags[t++]) {
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case INT:
        return ints[n++];
      case FLOAT:
        return floats[f++];
      case STR: {
        const s = strings[ints[n++]!];
        if (s === undefined) throw bad();
        return s;
      }
      case ARR: {
        const len = ints[n++]!;
        if (!(len >= 0 && len <= tags.length - t)) throw bad();
        const literal = arrays[len];
        if (literal) return literal(value);
        const a: unknown[] = [];
        for (let i = 0; i < len; i++) a.push(value());
        return a;
      }
      case OBJ: {
        const make = builders[ints[n++]!];
        if (!make) throw bad();
        return make(value);
      }
      default:
        throw bad();
    }
  };
  // One function per shape, making its object with a literal of its keys in order (the values are
  // read left to right), as JSON.parse makes it: own, enumerable, writable data properties.
  const builders = dir.shapes.map(
    (keys) =>
      new Function(
        'value',
        `return {${keys.map((k) => (k === '__proto__' ? `["__proto__"]: value()` : `${JSON.stringify(k)}: value()`)).join(', ')}};`,
      ) as (value: () => unknown) => unknown,
  );
  // Arrays up to ARRAY_LITERALS long as literals too: one allocation of their size, which V8 places
  // straight in the old generation once it sees that they survive (grown by push, a movie's
  // genres and keywords were copied out of the young generation: 24 scavenges instead of 10 for
  // a million small objects, 3.3 times the time).
  const arrays = Array.from(
    { length: ARRAY_LITERALS + 1 },
    (_, len) =>
      new Function('value', `return [${Array.from({ length: len }, () => 'value()').join(', ')}];`) as (
        value: () => unknown,
      ) => unknown[],
  );
  return {
    movies: dir.movies,
    make(movies: CatalogMovie[], from: number, to: number, each?: (m: CatalogMovie) => void) {
      for (let i = from; i < to; i++) {
        if (tags[t] !== OBJ) throw bad();
        const m = value() as CatalogMovie;
        if (each) each(m);
        movies[i] = m;
      }
    },
    end() {
      if (t !== tags.length || n !== ints.length || f !== floats.length) throw bad();
    },
  };
}

async function readAll(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafeSlow(size);
    let done = 0;
    while (done < size) {
      const { bytesRead } = await handle.read(bytes, done, Math.min(size - done, 1 << 30), done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return done === size ? bytes : bytes.subarray(0, done);
  } finally {
    await handle.close();
  }
}
