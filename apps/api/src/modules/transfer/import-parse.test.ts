import type { CatalogIndex } from '@app/catalog';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { fixture, letterboxdZip } from '../../../test/helpers/import-fixtures';
import { BadRequestError } from '../../lib/errors';
import { filmKey, matchFilm, normalizeTitle } from './import-match';
import {
  halfStars,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CSV_ROWS,
  IMPORT_MAX_RECORDS,
  IMPORT_MAX_UNZIPPED_BYTES,
  isoDate,
  parseUpload,
  type ImportRecord,
} from './import-parse';
import { buildPlan } from './import.service';

const kinds = (records: ImportRecord[], kind: ImportRecord['kind']) =>
  records.filter((r) => r.kind === kind).map((r) => r.film.title);

function badRequest(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(BadRequestError);
    return (err as Error).message;
  }
  throw new Error('expected a 400');
}

describe('reading exports', () => {
  it('ratings: Letterboxd as written, IMDb and Trakt 1–10 halved to the nearest half star', () => {
    expect(halfStars('4.5', 5)).toBe(4.5);
    expect(halfStars('0.5', 5)).toBe(0.5);
    expect(halfStars('7', 10)).toBe(3.5);
    expect(halfStars('1', 10)).toBe(0.5);
    expect(halfStars(10, 10)).toBe(5);
    expect(halfStars('6.6', 10)).toBe(3.5);
    expect(halfStars('0', 5)).toBeNull();
    expect(halfStars('11', 10)).toBeNull();
    expect(halfStars('seven', 5)).toBeNull();
    expect(halfStars('', 5)).toBeNull();
  });

  it('dates: a day, or a UTC time cut to its day; nonsense is null', () => {
    expect(isoDate('2019-02-10')).toBe('2019-02-10');
    expect(isoDate('2022-03-11T23:40:11.000Z')).toBe('2022-03-11');
    expect(isoDate('2019-02-30')).toBe('2019-03-02'); // JS rolls over; a real export never has it
    expect(isoDate('yesterday')).toBeNull();
    expect(isoDate('1700-01-01')).toBeNull();
    expect(isoDate('')).toBeNull();
    // A zoned time obeys the same bounds (the diary refuses before 1888 and after today).
    expect(isoDate('1888-01-01T00:00:00+01:00')).toBeNull();
    expect(isoDate('0000-01-01T00:00:00Z')).toBeNull();
    expect(isoDate('2099-06-01T10:00:00Z')).toBeNull();
    expect(isoDate('2099-06-01')).toBeNull();
  });

  it('a crafted Trakt file (objects where text or numbers belong) is skipped rows, never a crash', () => {
    const evil = JSON.stringify([
      { type: 'show', show: { title: { toString: 1 } } },
      { type: 'movie', movie: { title: 'Heat', year: 1995, ids: { tmdb: 949 } }, rating: { toString: 1 } },
    ]);
    const p = parseUpload(new TextEncoder().encode(evil), 'ratings.json');
    expect(p.skipped.map((r) => r.reason)).toEqual(['Not a film (show)', 'No rating from 1 to 10']);
    expect(halfStars({ toString: 1 } as unknown as string, 10)).toBeNull();
  });

  it('the Letterboxd zip as downloaded: every file it holds, profile and deleted/ ignored', () => {
    const zip = letterboxdZip({
      'deleted/diary.csv': 'Date,Name,Year,Letterboxd URI\n2019-01-01,Heat,1995,x\n',
    });
    const p = parseUpload(zip, 'letterboxd-filmfan-2024-09-01-10-00-utc.zip');
    expect(p.source).toBe('letterboxd');
    expect(p.files).toEqual([
      'diary.csv',
      'likes/films.csv',
      'lists/heists-and-capers.csv',
      'ratings.csv',
      'reviews.csv',
      'watched.csv',
      'watchlist.csv',
    ]);
    expect(kinds(p.records, 'like')).toEqual(['The Dark Knight', 'Spirited Away']);
    expect(kinds(p.records, 'watchlist')).toEqual(['Persona', 'Solaris', 'Arrival']);
    expect(kinds(p.records, 'rating')).toHaveLength(5);
    const diary = p.records.filter((r) => r.kind === 'diary' && r.file === 'diary.csv');
    expect(diary.map((d) => [d.film.title, d.watchedOn, d.rewatch, d.rating])).toEqual([
      ['The Dark Knight', '2019-02-10', false, 4.5],
      ['The Dark Knight', '2021-06-05', true, 4],
      ['Spirited Away', '2019-03-01', false, 5],
      ['Amélie', '2020-07-18', false, 4],
      ['Hamlet', '2021-10-29', false, 3],
      ['Whiplash', '2023-05-13', false, undefined],
    ]);
    const list = p.records.filter((r) => r.kind === 'list');
    expect(list.map((r) => [r.listName, r.position, r.film.title, r.film.year])).toEqual([
      ['Heists, Capers & Long Nights', 1, 'Heat', 1995],
      ['Heists, Capers & Long Nights', 2, 'The Dark Knight', 2008],
      ['Heists, Capers & Long Nights', 3, 'Inception', 2010],
    ]);
    // reviews.csv: a multi-line quoted review survives.
    const review = p.records.find((r) => r.file === 'reviews.csv');
    expect(review?.review).toBe('Still the best bathhouse in cinema.\nNo-Face, forever.');
  });

  it('single Letterboxd CSVs: told apart by header, and by name where the header is shared', () => {
    expect(
      parseUpload(fixture('letterboxd/watchlist.csv'), 'watchlist.csv').records.map((r) => r.kind),
    ).toEqual(['watchlist', 'watchlist', 'watchlist']);
    expect(parseUpload(fixture('letterboxd/likes/films.csv'), 'films.csv').records[0]?.kind).toBe('like');
    expect(parseUpload(fixture('letterboxd/ratings.csv'), 'anything.csv').records[0]?.kind).toBe('rating');
    const msg = badRequest(() => parseUpload(fixture('letterboxd/watched.csv'), 'my-films.csv'));
    expect(msg).toMatch(/name it one of those/);
  });

  it('IMDb ratings (1–10 halved, marked watched) and watchlist; TV series are skipped, not written', () => {
    const r = parseUpload(fixture('imdb/ratings.csv'), 'ratings.csv');
    expect(r.source).toBe('imdb');
    const ratings = r.records.filter((x) => x.kind === 'rating');
    expect(ratings.map((x) => [x.film.imdbId, x.rating])).toEqual([
      ['tt0468569', 4.5],
      ['tt1375666', 4],
      ['tt0078748', 3.5],
      ['tt0054215', 0.5],
    ]);
    expect(r.records.filter((x) => x.kind === 'watched')).toHaveLength(4);
    expect(r.skipped).toEqual([
      { file: 'ratings.csv', line: 5, title: 'Breaking Bad', reason: 'Not a film (TV Series)' },
    ]);
    const w = parseUpload(fixture('imdb/watchlist.csv'), 'WATCHLIST.csv');
    expect(w.records.map((x) => [x.kind, x.film.imdbId])).toEqual([
      ['watchlist', 'tt0060827'],
      ['watchlist', 'tt2543164'],
    ]);
    expect(w.skipped[0]?.reason).toBe('Not a film (TV Series)');
  });

  it('Trakt JSON: history (diary + watched), ratings, watchlist, watched; shows and episodes skipped', () => {
    const t = parseUpload(fixture('trakt/export.json'), 'export.json');
    expect(t.source).toBe('trakt');
    expect(t.records.filter((r) => r.kind === 'diary').map((r) => [r.film.tmdbId, r.watchedOn])).toEqual([
      [78, '2021-06-05'],
      [78, '2023-01-20'],
      [376867, '2022-03-11'],
    ]);
    expect(t.records.filter((r) => r.kind === 'rating').map((r) => [r.film.imdbId, r.rating])).toEqual([
      ['tt0083658', 4.5],
      ['tt4975722', 4],
    ]);
    expect(t.records.filter((r) => r.kind === 'watchlist').map((r) => r.film.title)).toEqual(['Heat']);
    expect(t.skipped.map((s) => s.reason)).toEqual(['Not a film (episode)', 'Not a film (show)']);
    // A Trakt zip of JSON files reads the same.
    const zip = zipSync({ 'trakt/export.json': new Uint8Array(fixture('trakt/export.json')) });
    expect(parseUpload(zip, 'trakt.zip').records).toHaveLength(t.records.length);
  });

  it('malformed files are a clear 400, never a half-read import', () => {
    expect(badRequest(() => parseUpload(fixture('malformed/wrong-columns.csv'), 'x.csv'))).toMatch(
      /does not look like a Letterboxd, IMDb or Trakt export \(its columns are: id, movie, score\)/,
    );
    expect(badRequest(() => parseUpload(fixture('malformed/broken-quotes.csv'), 'ratings.csv'))).toMatch(
      /ratings.csv is not a readable CSV file/,
    );
    expect(badRequest(() => parseUpload(fixture('malformed/truncated.json'), 'h.json'))).toBe(
      'h.json is not valid JSON',
    );
    expect(badRequest(() => parseUpload(fixture('malformed/not-trakt.json'), 'h.json'))).toMatch(
      /not a Trakt export/,
    );
    expect(badRequest(() => parseUpload(new Uint8Array(0), 'x.csv'))).toBe('The file is empty');
    expect(badRequest(() => parseUpload(new Uint8Array([0xff, 0xfe, 0x00, 0x81, 0x90]), 'x.bin'))).toMatch(
      /x.bin is not text/,
    );
    expect(badRequest(() => parseUpload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'x.zip'))).toBe(
      'x.zip is not a readable zip file',
    );
    expect(badRequest(() => parseUpload(zipSync({ 'notes.txt': strToU8('hi') }), 'x.zip'))).toMatch(
      /holds no export files/,
    );
    const mixed = zipSync({
      'ratings.csv': new Uint8Array(fixture('letterboxd/ratings.csv')),
      'imdb.csv': new Uint8Array(fixture('imdb/ratings.csv')),
    });
    expect(badRequest(() => parseUpload(mixed, 'x.zip'))).toMatch(/one service’s export at a time/);
  });

  it('more than 50,000 entries is a 400 said while reading, not after the whole file is parsed', () => {
    const cap = IMPORT_MAX_RECORDS.toLocaleString('en-US');
    const tooMany = `The export holds more than ${cap} entries; at most ${cap} can be imported at once`;
    const diary = (n: number) =>
      ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date']
        .concat(Array.from({ length: n }, (_, i) => `2020-01-01,Film ${i},2001,,4,,,2020-01-01`))
        .join('\n');
    // A diary row is two entries (the viewing and "watched"): half the cap in rows fits, one more does not.
    expect(parseUpload(strToU8(diary(IMPORT_MAX_RECORDS / 2)), 'diary.csv').records).toHaveLength(
      IMPORT_MAX_RECORDS,
    );
    expect(badRequest(() => parseUpload(strToU8(diary(IMPORT_MAX_RECORDS / 2 + 1)), 'diary.csv'))).toBe(
      tooMany,
    );
    // The cap counts across the files of a zip.
    const watched = (from: number, n: number) =>
      ['Date,Name,Year,Letterboxd URI']
        .concat(Array.from({ length: n }, (_, i) => `2020-01-01,Film ${from + i},2001,`))
        .join('\n');
    const split = zipSync({
      'watched.csv': strToU8(watched(0, 30_000)),
      'watchlist.csv': strToU8(watched(30_000, 30_000)),
    });
    expect(badRequest(() => parseUpload(split, 'letterboxd.zip'))).toBe(tooMany);
    // Rows that would all be skipped still count against the file: the parser stops past the cap, so a
    // broken quote after it is never reached (the answer is the cap, not "not a readable CSV file").
    const episodes = ['Const,Your Rating,Date Rated,Title,Title Type,Year']
      .concat(
        Array.from(
          { length: IMPORT_MAX_CSV_ROWS + 10 },
          (_, i) => `tt${1000000 + i},7,2020-01-01,Ep,tvEpisode,2001`,
        ),
      )
      .concat(['tt9,7,2020-01-01,"broken,movie,2001'])
      .join('\n');
    expect(badRequest(() => parseUpload(strToU8(episodes), 'ratings.csv'))).toBe(tooMany);
    const trakt = JSON.stringify(
      Array.from({ length: IMPORT_MAX_CSV_ROWS + 1 }, () => ({
        type: 'episode',
        watched_at: '2020-01-01T00:00:00Z',
      })),
    );
    expect(badRequest(() => parseUpload(strToU8(trakt), 'history.json'))).toBe(tooMany);
  });

  it('a zip that would unpack past the limit is refused from its headers, before inflating', () => {
    const bomb = zipSync({ 'watched.csv': new Uint8Array(IMPORT_MAX_UNZIPPED_BYTES + 1) }, { level: 9 });
    expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);
    expect(badRequest(() => parseUpload(bomb, 'bomb.zip'))).toBe('The zip unpacks to more than 64 MB');
  });

  it('a zip bomb that lies about its sizes is stopped by what it really unpacks to', () => {
    const bomb = zipSync({ 'watched.csv': new Uint8Array(IMPORT_MAX_UNZIPPED_BYTES + 1) }, { level: 9 });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    let patched = 0;
    for (let i = 0; i + 4 <= bomb.length; i++) {
      const sig = view.getUint32(i, true);
      // The uncompressed size in the local header (offset 22) and the central directory (24).
      const at = sig === 0x04034b50 ? 22 : sig === 0x02014b50 ? 24 : 0;
      if (at) {
        view.setUint32(i + at, 10, true);
        patched++;
      }
    }
    expect(patched).toBe(2);
    expect(badRequest(() => parseUpload(bomb, 'bomb.zip'))).toBe('The zip unpacks to more than 64 MB');
  });

  it('bad rows are skipped with their reason; the good ones are kept', () => {
    const p = parseUpload(fixture('malformed/bad-values.csv'), 'ratings.csv');
    expect(p.records.map((r) => [r.film.title, r.film.year, r.rating])).toEqual([['Inception', null, 4]]);
    expect(p.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'No rating from 0.5 to 5'],
      [3, 'No film name'],
    ]);
  });

  it('an old IMDb export in Windows-1252 reads (é is one byte there)', () => {
    const header =
      'Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n';
    const row =
      'tt0211915,8,2015-01-02,Am\u00e9lie,https://www.imdb.com/title/tt0211915/,movie,8.3,122,2001,"Comedy, Romance",700000,2001-04-25,Jean-Pierre Jeunet\n';
    const bytes = Uint8Array.from([...header, ...row].map((c) => c.charCodeAt(0)));
    const p = parseUpload(bytes, 'ratings.csv');
    expect(p.records[0]).toMatchObject({
      kind: 'rating',
      rating: 4,
      film: { title: 'Am\u00e9lie', imdbId: 'tt0211915' },
    });
  });

  it('a NUL makes a file binary (PostgreSQL text could not hold it anyway): 400', () => {
    const list =
      'Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2022-01-01,"Bad\u0000Name",,,\n\nPosition,Name,Year,URL,Description\n1,Heat,1995,,\n';
    expect(badRequest(() => parseUpload(strToU8(list), 'l.csv'))).toMatch(/l.csv is not text/);
  });
});

describe('matching to the catalog', () => {
  let catalog: CatalogIndex;
  beforeAll(async () => {
    catalog = await fullCatalog();
  });
  const film = (title: string, year: number | null, ids: { imdbId?: string; tmdbId?: number } = {}) => ({
    title,
    year,
    imdbId: ids.imdbId ?? null,
    tmdbId: ids.tmdbId ?? null,
  });

  it('titles normalise case, accents, punctuation, & and a leading article', () => {
    expect(normalizeTitle('Amélie')).toBe(normalizeTitle('amelie'));
    expect(normalizeTitle('The Dark Knight')).toBe('dark knight');
    expect(normalizeTitle('Heists, Capers & Long Nights')).toBe('heists capers and long nights');
    expect(filmKey(film('The Dark Knight', 2008))).toBe('title:dark knight|2008');
  });

  it('by id first: a TMDB id, then an IMDb id (even when the title is wrong)', () => {
    expect(matchFilm(catalog, film('x', null, { tmdbId: 155 }))).toEqual({
      status: 'matched',
      tmdbId: 155,
      confidence: 'id',
    });
    expect(matchFilm(catalog, film('Wrong title', 1900, { imdbId: 'tt0468569' }))).toEqual({
      status: 'matched',
      tmdbId: 155,
      confidence: 'id',
    });
  });

  it('by title and year; a year one off matches with lower confidence', () => {
    expect(matchFilm(catalog, film('The Dark Knight', 2008))).toEqual({
      status: 'matched',
      tmdbId: 155,
      confidence: 'title_year',
    });
    expect(matchFilm(catalog, film('the dark knight', 2009))).toEqual({
      status: 'matched',
      tmdbId: 155,
      confidence: 'title_near_year',
    });
    expect(matchFilm(catalog, film('Amelie', 2001))).toMatchObject({ status: 'matched', tmdbId: 194 });
    expect(matchFilm(catalog, film('The Dark Knight', 1990)).status).toBe('unmatched');
  });

  it('two films of one title and year are ambiguous, the better known first', () => {
    const m = matchFilm(catalog, film('Hamlet', 2000));
    expect(m).toEqual({ status: 'ambiguous', candidates: [10688, 125705] });
    const noYear = matchFilm(catalog, film('Godzilla', null));
    expect(noYear.status).toBe('ambiguous');
    expect(noYear.status === 'ambiguous' && noYear.candidates[0]).toBe(124905);
  });

  it('unknown titles are unmatched with a reason', () => {
    expect(matchFilm(catalog, film('A Film That Does Not Exist Anywhere', 2031))).toEqual({
      status: 'unmatched',
      reason: 'No film with this title in the catalog',
    });
  });
});

describe('the import plan', () => {
  const r = (kind: ImportRecord['kind'], extra: Partial<ImportRecord> = {}): ImportRecord => ({
    kind,
    film: { title: 't', year: null, imdbId: null, tmdbId: null },
    file: 'f.csv',
    line: 2,
    ...extra,
  });

  it("a ratings file's rating wins over the diary's; else the latest diary rating; each keeps its day", () => {
    const plan = buildPlan([
      { record: r('diary', { watchedOn: '2020-01-01', rating: 2, rewatch: false }), tmdbId: 1 },
      { record: r('diary', { watchedOn: '2021-01-01', rating: 3, rewatch: true }), tmdbId: 1 },
      { record: r('rating', { rating: 4.5, ratedOn: '2022-03-04' }), tmdbId: 1 },
      { record: r('diary', { watchedOn: '2021-01-01', rating: 1.5, rewatch: false }), tmdbId: 2 },
      { record: r('diary', { watchedOn: '2019-01-01', rating: 5, rewatch: false }), tmdbId: 2 },
      { record: r('rating', { rating: 3 }), tmdbId: 3 },
    ]);
    expect(plan.ratings.sort((a, b) => a.tmdbId - b.tmdbId)).toEqual([
      { tmdbId: 1, rating: 4.5, review: null, ratedOn: '2022-03-04' },
      { tmdbId: 2, rating: 1.5, review: null, ratedOn: '2021-01-01' },
      { tmdbId: 3, rating: 3, review: null, ratedOn: null },
    ]);
  });

  it('the day a rating was given is read from each format', () => {
    const dayOf = (bytes: Uint8Array, name: string) =>
      parseUpload(bytes, name)
        .records.filter((x) => x.kind === 'rating')
        .map((x) => x.ratedOn ?? null);
    expect(dayOf(fixture('letterboxd/ratings.csv'), 'ratings.csv')[0]).toBe('2019-02-11');
    expect(
      dayOf(fixture('imdb/ratings.csv'), 'ratings.csv').every((d) => d && /^\d{4}-\d{2}-\d{2}$/.test(d)),
    ).toBe(true);
    const trakt = JSON.stringify([
      {
        rated_at: '2023-07-08T21:00:00.000Z',
        rating: 8,
        type: 'movie',
        movie: { title: 'Heat', year: 1995 },
      },
    ]);
    expect(dayOf(new TextEncoder().encode(trakt), 'ratings.json')).toEqual(['2023-07-08']);
  });

  it('one diary entry per film and day; unmarked later viewings (Trakt) are rewatches', () => {
    const plan = buildPlan([
      { record: r('diary', { file: 'h.json', watchedOn: '2023-01-20', rewatch: false }), tmdbId: 78 },
      { record: r('diary', { file: 'h.json', watchedOn: '2021-06-05', rewatch: false }), tmdbId: 78 },
      { record: r('diary', { file: 'h.json', watchedOn: '2021-06-05', rewatch: false }), tmdbId: 78 },
    ]);
    expect(plan.diary.sort((a, b) => a.watchedOn.localeCompare(b.watchedOn))).toEqual([
      { tmdbId: 78, watchedOn: '2021-06-05', rewatch: false },
      { tmdbId: 78, watchedOn: '2023-01-20', rewatch: true },
    ]);
  });

  it('lists keep their order and hold each film once', () => {
    const plan = buildPlan([
      { record: r('list', { listName: 'L', position: 2 }), tmdbId: 20 },
      { record: r('list', { listName: 'L', position: 1 }), tmdbId: 10 },
      { record: r('list', { listName: 'L', position: 3 }), tmdbId: 10 },
    ]);
    expect(plan.lists).toEqual([{ name: 'L', ids: [10, 20] }]);
  });
});
