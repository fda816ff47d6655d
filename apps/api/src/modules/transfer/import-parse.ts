import { DIARY_TAGS_MAX, DIARY_TAG_MAX } from '@app/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import { Unzip, UnzipInflate } from 'fflate';
import { BadRequestError } from '../../lib/errors';
import { undoFormulaGuard } from './csv-formula';

/** Largest upload the import route takes (a 10,000-film Letterboxd zip is well under 1 MB). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** Largest total a zip may unpack to (its headers are checked before anything is inflated). */
export const IMPORT_MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
/** Most records one import may hold (diary entries, ratings, list entries… together). */
export const IMPORT_MAX_RECORDS = 50_000;
/** Most rows one CSV file may have: past it the parser stops, so an oversized file is refused while it is read. */
export const IMPORT_MAX_CSV_ROWS = IMPORT_MAX_RECORDS + 100;

const tooMany = () =>
  new BadRequestError(
    `The export holds more than ${IMPORT_MAX_RECORDS.toLocaleString('en-US')} entries; at most ${IMPORT_MAX_RECORDS.toLocaleString('en-US')} can be imported at once`,
  );

export type ImportSource = 'letterboxd' | 'imdb' | 'trakt';
export type RecordKind = 'watched' | 'watchlist' | 'like' | 'rating' | 'diary' | 'list';

/** How a file names a film: ids where it has them, otherwise its title and year. */
export interface FilmRef {
  title: string;
  year: number | null;
  imdbId: string | null;
  tmdbId: number | null;
}

/** One thing to write, as the file says it (before the film is matched to the catalog). */
export interface ImportRecord {
  kind: RecordKind;
  film: FilmRef;
  /** Which file and line (1-based, header = 1) it came from, for the preview. */
  file: string;
  line: number;
  /** rating: 0.5–5 in half steps. diary: a rating given with that viewing (kept only if no ratings file says otherwise). */
  rating?: number;
  /** rating: the day it was given, when the file says (Letterboxd's Date, IMDb's Date Rated, Trakt's rated_at). */
  ratedOn?: string;
  review?: string;
  /** diary: the day it was watched (YYYY-MM-DD). */
  watchedOn?: string;
  rewatch?: boolean;
  /** diary: Letterboxd's Tags (decision 0082). */
  tags?: string[];
  /** list: the list's name and the film's position in it. */
  listName?: string;
  position?: number;
}

export interface ParsedImport {
  source: ImportSource;
  files: string[];
  records: ImportRecord[];
  /** Rows that are not films (TV episodes, shows) or could not be read: counted and shown, never written. */
  skipped: { file: string; line: number; title: string; reason: string }[];
}

const YEAR_MIN = 1870;
const YEAR_MAX = 2100;

function year(value: string | number | undefined | null): number | null {
  if (value === undefined || value === null || value === '') return null;
  const y = Number(String(value).trim().slice(0, 4));
  return Number.isInteger(y) && y >= YEAR_MIN && y <= YEAR_MAX ? y : null;
}

/** A calendar date 'YYYY-MM-DD' from '2024-03-05', '2024-03-05T21:10:00.000Z' or a few other forms; null if none. */
export function isoDate(value: string | undefined | null): string | null {
  if (!value) return null;
  const v = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(v);
  let d: Date;
  if (m) {
    // A timestamp with a zone falls through to the same year bounds as a plain date.
    if (v.length > 10 && /[zZ]|[+-]\d{2}:?\d{2}$/.test(v)) d = new Date(v);
    else d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
  } else {
    d = new Date(v);
  }
  if (Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString().slice(0, 10);
  const y = Number(iso.slice(0, 4));
  // Not after today anywhere on Earth (UTC+14), as the diary itself refuses.
  const latest = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
  return y >= 1888 && y <= YEAR_MAX && iso <= latest ? iso : null;
}

/** A half-star rating: 0.5–5 as written (Letterboxd), or 1–10 halved to the nearest half (IMDb, Trakt). */
export function halfStars(value: string | number | undefined | null, scale: 5 | 10): number | null {
  // Only primitives: an object from a crafted JSON file (its own toString) is no rating.
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (value === '') return null;
  const n = Number(String(value).trim().replace(',', '.'));
  if (!Number.isFinite(n)) return null;
  const stars = Math.round((scale === 10 ? n / 2 : n) * 2) / 2;
  return stars >= 0.5 && stars <= 5 ? stars : null;
}

function imdbId(value: string | undefined | null): string | null {
  const m = value ? /tt\d{5,10}/.exec(value) : null;
  return m ? m[0] : null;
}

function tmdbId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** Keeps a record, refusing the upload the moment it holds more than the cap (not after reading it all). */
function addRecord(out: ParsedImport, record: ImportRecord): void {
  if (out.records.length >= IMPORT_MAX_RECORDS) throw tooMany();
  out.records.push(record);
}

const trimText = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

// A NUL or an unpaired surrogate cannot be stored as PostgreSQL text: names and reviews lose them.
// eslint-disable-next-line no-control-regex -- a NUL is exactly what this removes
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Text that will be stored (a list's name, a review): storable characters, trimmed, at most `max` long. */
export function storableText(v: string, max: number): string {
  return v.replace(UNSTORABLE, '').trim().slice(0, max).trim();
}

/** Letterboxd's Tags cell ("cinema, with dad") as a diary entry holds tags: trimmed, each once, within the bounds. */
export function letterboxdTags(cell: string): string[] {
  const tags: string[] = [];
  for (const piece of cell.split(',')) {
    const tag = storableText(piece.replace(/[\p{Cc}\s]+/gu, ' '), DIARY_TAG_MAX);
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags.slice(0, DIARY_TAGS_MAX);
}

// ───────────────────────────────────── CSV ─────────────────────────────────────

function readCsv(text: string, file: string): string[][] {
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
      // The parser stops here: a file with more rows than an import may hold is not read to its end.
      to: IMPORT_MAX_CSV_ROWS + 1,
    }) as string[][];
  } catch (err) {
    throw new BadRequestError(`${file} is not a readable CSV file: ${(err as Error).message.split('\n')[0]}`);
  }
  if (rows.length > IMPORT_MAX_CSV_ROWS) throw tooMany();
  return rows;
}

const LETTERBOXD_FILM = ['Date', 'Name', 'Year', 'Letterboxd URI'];

/** Which Letterboxd four-column file (they share one header) a name is. */
function letterboxdPlainKind(file: string): RecordKind | null {
  const name = file.toLowerCase().replace(/\\/g, '/');
  // likes/films.csv; uploaded alone, the browser gives only its base name, films.csv.
  if (/(^|\/)(likes\/|likes[-_ ]?)?films\.csv$/.test(name)) return 'like';
  if (/(^|\/)watchlist\.csv$/.test(name)) return 'watchlist';
  if (/(^|\/)watched\.csv$/.test(name)) return 'watched';
  return null;
}

/** A cell as read: in a file of our own export, without the quote the export put before a formula. */
const ourCell = (cell: string, ours: boolean) => (ours ? undoFormulaGuard(cell) : cell);

function hasColumns(header: string[], want: string[]): boolean {
  return want.every((c) => header.includes(c));
}

/**
 * One CSV file of a Letterboxd or IMDb export, recognised by its header (and, for Letterboxd's
 * files that share a header, by its name). Throws a 400 with what was expected otherwise.
 */
export function parseCsvFile(text: string, file: string, out: ParsedImport): ImportSource {
  const rows = readCsv(text, file);
  const first = rows.find((r) => r.some((c) => c.trim() !== ''));
  if (!first) throw new BadRequestError(`${file} is empty`);
  if (/^Letterboxd list export/i.test(first[0]?.trim() ?? '')) {
    parseLetterboxdList(rows, file, out);
    return 'letterboxd';
  }
  const headerIndex = rows.indexOf(first);
  const header = first.map((c) => c.trim());
  // Cinelog's own export (it adds tmdbID) quotes cells a spreadsheet would run: that quote comes off.
  const ours = header.includes('tmdbID');
  const col = (row: string[], name: string) => ourCell((row[header.indexOf(name)] ?? '').trim(), ours);
  const body = rows.slice(headerIndex + 1);
  const each = (fn: (row: string[], line: number) => void) =>
    body.forEach((row, i) => {
      if (row.every((c) => c.trim() === '')) return;
      fn(row, headerIndex + i + 2);
    });

  if (hasColumns(header, ['Const', 'Title'])) {
    const watchlist = header.includes('Position') || /watchlist/i.test(file);
    if (!watchlist && !hasColumns(header, ['Your Rating'])) throw wrongColumns(file, header);
    each((row, line) => {
      const title = col(row, 'Title') || col(row, 'Original Title');
      const type = col(row, 'Title Type');
      const film: FilmRef = {
        title,
        year: year(col(row, 'Year')),
        imdbId: imdbId(col(row, 'Const')),
        tmdbId: null,
      };
      if (type && !/^(movie|tvmovie|tv movie|video|short|tvshort|tv short)$/i.test(type)) {
        out.skipped.push({ file, line, title, reason: `Not a film (${type})` });
        return;
      }
      if (!film.imdbId && !title) {
        out.skipped.push({ file, line, title: '', reason: 'No title or IMDb id' });
        return;
      }
      if (watchlist) {
        addRecord(out, { kind: 'watchlist', film, file, line });
        return;
      }
      const rating = halfStars(col(row, 'Your Rating'), 10);
      if (rating === null) {
        out.skipped.push({ file, line, title, reason: 'No rating from 1 to 10' });
        return;
      }
      const ratedOn = isoDate(col(row, 'Date Rated'));
      addRecord(out, { kind: 'rating', film, file, line, rating, ...(ratedOn ? { ratedOn } : {}) });
      // A rated film has been seen: it is marked watched too.
      addRecord(out, { kind: 'watched', film, file, line });
    });
    return 'imdb';
  }

  if (!hasColumns(header, LETTERBOXD_FILM.slice(0, 2))) throw wrongColumns(file, header);
  // Cinelog's own export adds tmdbID (and Letterboxd's import format knows imdbID): used when present.
  const film = (row: string[]): FilmRef => ({
    title: col(row, 'Name'),
    year: year(col(row, 'Year')),
    imdbId: imdbId(col(row, 'imdbID')),
    tmdbId: tmdbId(col(row, 'tmdbID')),
  });
  const named = (row: string[], line: number): boolean => {
    if (col(row, 'Name')) return true;
    out.skipped.push({ file, line, title: '', reason: 'No film name' });
    return false;
  };

  if (header.includes('Watched Date') || (header.includes('Rewatch') && header.includes('Rating'))) {
    // diary.csv (and reviews.csv, which adds Review): one viewing per row.
    each((row, line) => {
      if (!named(row, line)) return;
      const f = film(row);
      const rating = halfStars(col(row, 'Rating'), 5);
      const review = header.includes('Review') ? storableText(col(row, 'Review'), 2000) : '';
      // A review with no viewing date (reviews.csv of a film reviewed outside the diary) is a rating with its review.
      if (review && !col(row, 'Watched Date')) {
        const ratedOn = isoDate(col(row, 'Date'));
        if (rating !== null)
          addRecord(out, {
            kind: 'rating',
            film: f,
            file,
            line,
            rating,
            review,
            ...(ratedOn ? { ratedOn } : {}),
          });
        else out.skipped.push({ file, line, title: f.title, reason: 'A review without a rating or date' });
        return;
      }
      const watchedOn = isoDate(col(row, 'Watched Date')) ?? isoDate(col(row, 'Date'));
      if (!watchedOn) {
        out.skipped.push({ file, line, title: f.title, reason: 'No readable watched date' });
        return;
      }
      const tags = letterboxdTags(col(row, 'Tags'));
      addRecord(out, {
        kind: 'diary',
        film: f,
        file,
        line,
        watchedOn,
        rewatch: /^(yes|true|1)$/i.test(col(row, 'Rewatch')),
        ...(tags.length ? { tags } : {}),
        ...(rating !== null ? { rating } : {}),
        ...(review ? { review } : {}),
      });
      addRecord(out, { kind: 'watched', film: f, file, line });
    });
    return 'letterboxd';
  }
  if (header.includes('Rating')) {
    each((row, line) => {
      if (!named(row, line)) return;
      const rating = halfStars(col(row, 'Rating'), 5);
      if (rating === null) {
        out.skipped.push({ file, line, title: col(row, 'Name'), reason: 'No rating from 0.5 to 5' });
        return;
      }
      const ratedOn = isoDate(col(row, 'Date'));
      addRecord(out, {
        kind: 'rating',
        film: film(row),
        file,
        line,
        rating,
        ...(ratedOn ? { ratedOn } : {}),
      });
    });
    return 'letterboxd';
  }
  if (!hasColumns(header, LETTERBOXD_FILM)) throw wrongColumns(file, header);
  const kind = letterboxdPlainKind(file);
  if (!kind)
    throw new BadRequestError(
      `${file} has Letterboxd's Date, Name, Year, Letterboxd URI columns, which watched.csv, watchlist.csv and likes/films.csv share: name it one of those (or upload the whole export zip)`,
    );
  each((row, line) => {
    if (named(row, line)) addRecord(out, { kind, film: film(row), file, line });
  });
  return 'letterboxd';
}

function wrongColumns(file: string, header: string[]): BadRequestError {
  const shown = header.slice(0, 8).join(', ');
  return new BadRequestError(
    `${file} does not look like a Letterboxd, IMDb or Trakt export (its columns are: ${shown || 'none'})`,
  );
}

/** A Letterboxd list: a preamble (the list's own Date, Name, …) then Position, Name, Year, URL rows. */
function parseLetterboxdList(rows: string[][], file: string, out: ParsedImport): void {
  const metaHeader = rows.findIndex((r) => r[0]?.trim() === 'Date' && r.includes('Name'));
  const filmsHeader = rows.findIndex((r) => r[0]?.trim() === 'Position' && r.includes('Name'));
  if (metaHeader < 0 || filmsHeader < 0)
    throw new BadRequestError(`${file} is a Letterboxd list export without its list or film rows`);
  const meta = rows[metaHeader]!;
  const header = rows[filmsHeader]!.map((c) => c.trim());
  const ours = header.includes('tmdbID');
  const listName = storableText(
    ourCell((rows[metaHeader + 1]?.[meta.indexOf('Name')] ?? '').trim(), ours),
    100,
  );
  if (!listName) throw new BadRequestError(`${file}: the list has no name`);
  const col = (row: string[], name: string) => ourCell((row[header.indexOf(name)] ?? '').trim(), ours);
  rows.slice(filmsHeader + 1).forEach((row, i) => {
    if (row.every((c) => c.trim() === '')) return;
    const line = filmsHeader + i + 2;
    const title = col(row, 'Name');
    if (!title) {
      out.skipped.push({ file, line, title: '', reason: 'No film name' });
      return;
    }
    const position = Number(col(row, 'Position'));
    addRecord(out, {
      kind: 'list',
      film: {
        title,
        year: year(col(row, 'Year')),
        imdbId: imdbId(col(row, 'imdbID')),
        tmdbId: tmdbId(col(row, 'tmdbID')),
      },
      file,
      line,
      listName,
      position: Number.isFinite(position) ? position : i + 1,
    });
  });
}

// ───────────────────────────────────── Trakt JSON ─────────────────────────────────────

interface TraktMovie {
  title?: unknown;
  year?: unknown;
  ids?: { imdb?: unknown; tmdb?: unknown };
}
type TraktItem = Record<string, unknown> & { movie?: TraktMovie; type?: unknown };

function traktFilm(item: TraktItem): FilmRef | null {
  const m = item.movie;
  if (!m || typeof m !== 'object') return null;
  return {
    title: trimText(m.title),
    year: year(typeof m.year === 'number' || typeof m.year === 'string' ? m.year : null),
    imdbId: imdbId(typeof m.ids?.imdb === 'string' ? m.ids.imdb : null),
    tmdbId: tmdbId(m.ids?.tmdb),
  };
}

/**
 * Trakt's JSON (its account export, or the API's sync answers): an array of history, watched,
 * ratings or watchlist items, or an object holding such arrays under those names. Each item's
 * shape says what it is. Shows and episodes are skipped.
 */
export function parseTraktJson(text: string, file: string, out: ParsedImport): void {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new BadRequestError(`${file} is not valid JSON`);
  }
  const lists: { name: string; items: unknown[] }[] = [];
  if (Array.isArray(data)) lists.push({ name: file, items: data });
  else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      if (Array.isArray(value)) lists.push({ name: `${file}#${key}`, items: value });
    }
  }
  if (lists.length === 0)
    throw new BadRequestError(
      `${file} is not a Trakt export: expected a list of history, ratings, watched or watchlist items`,
    );
  if (lists.reduce((n, l) => n + l.items.length, 0) > IMPORT_MAX_CSV_ROWS) throw tooMany();
  let recognised = 0;
  for (const { name, items } of lists) {
    items.forEach((raw, i) => {
      const line = i + 1;
      if (!raw || typeof raw !== 'object') return;
      const item = raw as TraktItem;
      const type = typeof item.type === 'string' ? item.type : item.movie ? 'movie' : null;
      const film = type === 'movie' ? traktFilm(item) : null;
      const showTitle = (item as { show?: { title?: unknown } }).show?.title;
      const label = film?.title || (typeof showTitle === 'string' ? showTitle : '');
      if (!film) {
        if (type || 'show' in item || 'episode' in item) {
          recognised++;
          out.skipped.push({ file: name, line, title: label, reason: `Not a film (${type ?? 'show'})` });
        }
        return;
      }
      recognised++;
      addTraktRecord(out, item, film, name, line);
    });
  }
  if (recognised === 0 && lists.some((l) => l.items.length > 0))
    throw new BadRequestError(`${file} is not a Trakt export: its items have no movie, show or episode`);
}

/**
 * A Trakt item that is a film, by the fields it has: a rating, a viewing (history: a diary entry
 * and watched), a watchlist or list entry, a watched film (plays); anything else is skipped.
 */
function addTraktRecord(out: ParsedImport, item: TraktItem, film: FilmRef, name: string, line: number): void {
  if (!film.title && !film.imdbId && !film.tmdbId) {
    out.skipped.push({ file: name, line, title: '', reason: 'No title or ids' });
    return;
  }
  if ('rating' in item) {
    const rating = halfStars(item.rating as number, 10);
    if (rating === null) {
      out.skipped.push({ file: name, line, title: film.title, reason: 'No rating from 1 to 10' });
      return;
    }
    const ratedOn = isoDate(typeof item.rated_at === 'string' ? item.rated_at : null);
    addRecord(out, { kind: 'rating', film, file: name, line, rating, ...(ratedOn ? { ratedOn } : {}) });
  } else if ('watched_at' in item) {
    const watchedOn = isoDate(typeof item.watched_at === 'string' ? item.watched_at : null);
    if (!watchedOn) {
      out.skipped.push({ file: name, line, title: film.title, reason: 'No readable watched date' });
      return;
    }
    addRecord(out, { kind: 'diary', film, file: name, line, watchedOn, rewatch: false });
    addRecord(out, { kind: 'watched', film, file: name, line });
  } else if ('listed_at' in item || 'rank' in item) {
    addRecord(out, { kind: 'watchlist', film, file: name, line });
  } else if ('plays' in item || 'last_watched_at' in item) {
    addRecord(out, { kind: 'watched', film, file: name, line });
  } else {
    out.skipped.push({
      file: name,
      line,
      title: film.title,
      reason: 'Not a history, rating or watchlist item',
    });
  }
}

// ───────────────────────────────────── Files and zips ─────────────────────────────────────

const isZip = (b: Uint8Array) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

// Control characters other than tab, CR and LF: a binary file, not an export.
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** UTF-8 (with or without BOM); older IMDb exports are Windows-1252, read as such. Binary is a 400. */
function decodeText(bytes: Uint8Array, file: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (BINARY.test(text))
    throw new BadRequestError(`${file} is not text: upload a CSV, JSON or the export's zip`);
  return text;
}

/** Letterboxd files worth reading in its zip: the rest (profile, comments, deleted/…) is ignored. */
function wantedInZip(path: string): boolean {
  const p = path.toLowerCase();
  if (p.endsWith('/') || p.startsWith('__macosx/') || /(^|\/)(deleted|orphaned)\//.test(p)) return false;
  if (p.endsWith('.json')) return true;
  if (!p.endsWith('.csv')) return false;
  const base = p.split('/').pop()!;
  if (/(^|\/)lists\//.test(p)) return true;
  if (/(^|\/)likes\/films\.csv$/.test(p)) return true;
  if (/(^|\/)likes\//.test(p)) return false;
  return !['profile.csv', 'comments.csv'].includes(base);
}

/**
 * The wanted files of a zip, inflated while counting what they really unpack to: a zip's own
 * size fields can lie (a "zip bomb" claims a few bytes and inflates to gigabytes), so the input is
 * fed in small slices and inflating stops as soon as the total passes `limit`.
 */
function unzipBounded(bytes: Uint8Array, limit: number): Record<string, Uint8Array> {
  // A whole zip ends with its central directory's end record (PK 5 6), within its last 64 KB.
  let ends = false;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557) && !ends; i--)
    ends = bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06;
  if (!ends) throw new Error('no end of central directory');
  const chunks = new Map<string, Uint8Array[]>();
  let total = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (!wantedInZip(file.name) || failure) return;
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    file.ondata = (err, data) => {
      if (failure) return;
      if (err) {
        failure = err;
        return;
      }
      total += data.length;
      if (total > limit) {
        failure = new BadRequestError(`The zip unpacks to more than ${limit / 1024 / 1024} MB`);
        file.terminate();
        return;
      }
      parts.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // 16 KB of deflate inflates to at most about 16 MB, so the count is checked at least that often.
  const SLICE = 16 * 1024;
  for (let at = 0; at < bytes.length && !failure; at += SLICE) {
    const end = Math.min(at + SLICE, bytes.length);
    unzip.push(bytes.subarray(at, end), end === bytes.length);
  }
  if (failure) throw failure;
  const files: Record<string, Uint8Array> = {};
  for (const [path, parts] of chunks) {
    const size = parts.reduce((n, p) => n + p.length, 0);
    const joined = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      joined.set(p, at);
      at += p.length;
    }
    files[path] = joined;
  }
  return files;
}

/**
 * Reads an upload (a zip, a CSV or a JSON document) into records. Everything that makes a file
 * unusable is a 400 with a message a person can act on; nothing is written at this stage.
 */
export function parseUpload(bytes: Uint8Array, fileName: string): ParsedImport {
  const name = (fileName || 'upload').replace(/[\\]/g, '/').split('/').pop()!.slice(0, 200);
  const out: ParsedImport = { source: 'letterboxd', files: [], records: [], skipped: [] };
  if (bytes.length === 0) throw new BadRequestError('The file is empty');
  const sources = new Set<ImportSource>();
  const readOne = (path: string, data: Uint8Array) => {
    const text = decodeText(data, path);
    const trimmed = text.replace(/^\uFEFF/, '').trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      parseTraktJson(text, path, out);
      sources.add('trakt');
    } else {
      sources.add(parseCsvFile(text, path, out));
    }
    out.files.push(path);
  };
  if (isZip(bytes)) {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipBounded(bytes, IMPORT_MAX_UNZIPPED_BYTES);
    } catch (err) {
      if (err instanceof BadRequestError) throw err;
      throw new BadRequestError(`${name} is not a readable zip file`);
    }
    const paths = Object.keys(files).sort();
    if (paths.length === 0)
      throw new BadRequestError(
        `${name} holds no export files (expected Letterboxd's watched.csv, diary.csv, ratings.csv…, IMDb CSVs or Trakt JSON)`,
      );
    for (const p of paths) {
      if (files[p]!.length > IMPORT_MAX_UNZIPPED_BYTES) throw new BadRequestError(`${p} is too large`);
      readOne(p, files[p]!);
    }
  } else {
    readOne(name, bytes);
  }
  if (sources.size > 1)
    throw new BadRequestError(
      'Upload one service’s export at a time (this one mixes Letterboxd, IMDb and Trakt files)',
    );
  out.source = [...sources][0] ?? 'letterboxd';
  if (out.records.length === 0 && out.skipped.length === 0)
    throw new BadRequestError('The export holds no films');
  return out;
}
