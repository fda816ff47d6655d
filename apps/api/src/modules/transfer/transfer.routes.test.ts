import type { CatalogIndex } from '@app/catalog';
import { strToU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, usersSuite, type TestUser } from '../../../test/helpers/auth-stack';
import { fullCatalog } from '../../../test/helpers/catalog';
import { DATABASES } from '../../../test/helpers/db';
import { bigDiary, fixture, letterboxdZip } from '../../../test/helpers/import-fixtures';
import { MESSAGES } from '../library/library.service';
import { matchFilm } from './import-match';
import { IMPORT_MAX_BYTES } from './import-parse';
import { IMPORT_MESSAGES } from './import.service';
import { SHARE_MESSAGES } from './sharing.service';
import { IMPORT_TOO_LARGE, PREVIEW_UPLOAD_LIMIT } from './transfer.routes';

describe.each(DATABASES)('import, export and public playlists on $name', ({ name, open }) => {
  const t = usersSuite(open, { aliceName: 'Alice Example' });
  let catalog: CatalogIndex;
  beforeAll(async () => {
    catalog = await fullCatalog();
  }, 120_000);

  /**
   * Uploads bytes as the browser does: the file as the body, its name in the query; told the
   * importer is still starting (a busy machine just after the stack started), tries again as asked.
   */
  async function upload(
    u: TestUser | null,
    bytes: Uint8Array,
    fileName: string,
    type = 'application/octet-stream',
  ) {
    for (let tries = 1; ; tries++) {
      const res = await fetch(
        new URL(`/api/user/import/preview?name=${encodeURIComponent(fileName)}`, t.s.base),
        {
          method: 'POST',
          headers: { 'content-type': type, ...(u ? u.bearer : {}) },
          body: bytes as unknown as BodyInit,
        },
      );
      const body = await res.json();
      if (res.status !== 503 || body.message !== IMPORT_MESSAGES.readerStarting || tries === 20)
        return { status: res.status, body };
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
    }
  }

  async function waitForJob(u: TestUser, jobId: string) {
    for (let i = 0; i < 2400; i++) {
      const r = await as(u).get(`/api/user/import/jobs/${jobId}`);
      expect(r.status).toBe(200);
      if (r.body.state !== 'running') return r.body;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('the import did not finish');
  }

  async function importFile(
    u: TestUser,
    bytes: Uint8Array,
    fileName: string,
    picks: Record<string, number | null> = {},
  ) {
    const preview = await upload(u, bytes, fileName);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const started = await as(u).post('/api/user/import', { preview_id: preview.body.preview_id, picks });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return { preview: preview.body, job: await waitForJob(u, started.body.job_id) };
  }

  const uid = async (email: string) =>
    (await t.db.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** Everything a user holds, as plain rows (order-independent where the table has no order). */
  async function library(email: string) {
    const id = await uid(email);
    const q = t.db.db;
    return {
      likes: (
        await q.selectFrom('likes').select('tmdb_id').where('user_id', '=', id).orderBy('tmdb_id').execute()
      ).map((r) => r.tmdb_id),
      status: (
        await q
          .selectFrom('watch_status')
          .select(['tmdb_id', 'status'])
          .where('user_id', '=', id)
          .orderBy('status')
          .orderBy('tmdb_id')
          .execute()
      ).map((r) => `${r.status}:${r.tmdb_id}`),
      ratings: (
        await q
          .selectFrom('ratings')
          .select(['tmdb_id', sql<number>`rating::float8`.as('rating'), 'review'])
          .where('user_id', '=', id)
          .orderBy('tmdb_id')
          .execute()
      ).map((r) => [r.tmdb_id, Number(r.rating), r.review]),
      diary: (
        await q
          .selectFrom('diary_entries')
          .select(['tmdb_id', sql<string>`to_char(watched_on, 'YYYY-MM-DD')`.as('on'), 'rewatch'])
          .where('user_id', '=', id)
          .orderBy('tmdb_id')
          .orderBy('watched_on')
          .execute()
      ).map((r) => `${r.tmdb_id}@${r.on}${r.rewatch ? ' rewatch' : ''}`),
      playlists: (
        await q
          .selectFrom('playlists')
          .select(['id', 'name'])
          .where('user_id', '=', id)
          .orderBy('id')
          .execute()
      ).map((r) => r.name),
    };
  }

  it('the routes are in the OpenAPI document and need a verified token', async () => {
    const doc = (await t.s.client().get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/user/import/preview'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/user/import'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/user/import/jobs/{id}'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/user/export'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/user/playlists/{id}/share']).sort()).toEqual([
      'delete',
      'get',
      'post',
    ]);
    expect(Object.keys(doc.paths['/api/public/playlists/{slug}'])).toEqual(['get']);
    expect((await upload(null, letterboxdZip(), 'x.zip')).status).toBe(401);
    const c = t.s.client();
    for (const [m, p] of [
      ['POST', '/api/user/import'],
      ['GET', '/api/user/import/jobs/x'],
      ['GET', '/api/user/export'],
      ['GET', '/api/user/playlists/1/share'],
      ['POST', '/api/user/playlists/1/share'],
      ['DELETE', '/api/user/playlists/1/share'],
    ] as const)
      expect((await c.request(m, p, m === 'POST' ? {} : undefined)).status, `${m} ${p}`).toBe(401);
  });

  it('preview of a Letterboxd zip: matched, ambiguous and unmatched films, and nothing written', async () => {
    const before = await library('alice@example.com');
    const { status, body } = await upload(t.alice, letterboxdZip(), 'letterboxd-alice.zip');
    expect(status).toBe(200);
    expect(body.source).toBe('letterboxd');
    expect(body.counts).toEqual({
      matched: 10,
      low_confidence: 0,
      ambiguous: 1,
      unmatched: 1,
      skipped_rows: 0,
      already_in_library: 0,
    });
    expect(body.ambiguous).toHaveLength(1);
    expect(body.ambiguous[0]).toMatchObject({ title: 'Hamlet', year: 2000 });
    expect(body.ambiguous[0].candidates.map((c: { tmdb_id: number }) => c.tmdb_id)).toEqual([10688, 125705]);
    expect(body.ambiguous[0].candidates[0]).toMatchObject({ year: '2000', poster_path: expect.any(String) });
    expect(body.unmatched.map((u: { title: string }) => u.title)).toEqual([
      'A Film That Does Not Exist Anywhere',
    ]);
    expect(body.will_write).toEqual({
      likes: 2,
      watched: 6,
      watchlist: 3,
      ratings: 6,
      diary: 5,
      playlists: 1,
      playlist_entries: 3,
    });
    expect(await library('alice@example.com')).toEqual(before);
  });

  it('import with a pick for the ambiguous film; every table gets its rows; running it again adds nothing', async () => {
    const hamletKey = 'title:hamlet|2000';
    const first = await importFile(t.alice, letterboxdZip(), 'letterboxd-alice.zip', { [hamletKey]: 125705 });
    expect(first.job.state).toBe('done');
    expect(first.job.added).toEqual({
      likes: 2,
      watched: 7,
      watchlist: 3,
      ratings: 7,
      diary: 6,
      playlists: 1,
      playlist_entries: 3,
    });
    expect(first.job.done).toBe(first.job.total);
    const lib = await library('alice@example.com');
    expect(lib.likes).toEqual([129, 155]);
    expect(lib.status).toEqual([
      'want_to_watch:593',
      'want_to_watch:797',
      'want_to_watch:329865',
      'watched:78',
      'watched:129',
      'watched:155',
      'watched:194',
      'watched:27205',
      'watched:125705',
      'watched:244786',
    ]);
    expect(lib.ratings).toEqual([
      [78, 3.5, null],
      [129, 5, 'Still the best bathhouse in cinema.\nNo-Face, forever.'],
      [155, 4.5, null],
      [194, 4, null],
      [27205, 4, null],
      [125705, 3, null],
      [244786, 0.5, null],
    ]);
    expect(lib.diary).toEqual([
      '129@2019-03-01',
      '155@2019-02-10',
      '155@2021-06-05 rewatch',
      '194@2020-07-18',
      '125705@2021-10-29',
      '244786@2023-05-13',
    ]);
    expect(lib.playlists).toEqual(['Heists, Capers & Long Nights']);
    // The list keeps its order on the playlist page (newest first there = the list's first film first).
    const pl = (await as(t.alice).get('/api/user/playlists')).body[0];
    const movies = (await as(t.alice).get(`/api/user/playlists/${pl.playlist_id}/movies`)).body;
    expect(movies.map((m: { tmdb_id: number }) => m.tmdb_id)).toEqual([949, 155, 27205]);
    // The library's own (cached) reads see the import at once.
    expect(
      (await as(t.alice).get('/api/user/likes')).body.map((l: { tmdb_id: number }) => l.tmdb_id).sort(),
    ).toEqual([129, 155]);

    const again = await importFile(t.alice, letterboxdZip(), 'letterboxd-alice.zip', { [hamletKey]: 125705 });
    expect(again.job.state).toBe('done');
    expect(again.job.added).toEqual({
      likes: 0,
      watched: 0,
      watchlist: 0,
      ratings: 0,
      diary: 0,
      playlists: 0,
      playlist_entries: 0,
    });
    expect(await library('alice@example.com')).toEqual(lib);
  });

  it('IMDb and Trakt files import by id; an existing rating is kept, not overwritten', async () => {
    const before = (await library('alice@example.com')).ratings;
    const imdb = await importFile(t.alice, fixture('imdb/ratings.csv'), 'ratings.csv');
    expect(imdb.preview.counts).toMatchObject({ matched: 4, skipped_rows: 1 });
    // The Dark Knight (155) and Inception (27205) already had ratings: kept. Alien and Psycho are new.
    expect(imdb.job.added.ratings).toBe(2);
    const after = (await library('alice@example.com')).ratings;
    expect(after.find((r) => r[0] === 155)).toEqual(before.find((r) => r[0] === 155));
    expect(after.find((r) => r[0] === 348)).toEqual([348, 3.5, null]);
    expect(after.find((r) => r[0] === 539)).toEqual([539, 0.5, null]);

    const trakt = await importFile(t.bob, fixture('trakt/export.json'), 'export.json');
    expect(trakt.job.state).toBe('done');
    const lib = await library('bob@example.com');
    expect(lib.diary).toEqual(['78@2021-06-05', '78@2023-01-20 rewatch', '376867@2022-03-11']);
    expect(lib.ratings).toEqual([
      [78, 4.5, null],
      [376867, 4, null],
    ]);
    expect(lib.status).toEqual(['want_to_watch:949', 'watched:78', 'watched:376867']);
  });

  it('ownership: a preview and a job are their owner’s only', async () => {
    const preview = await upload(t.alice, fixture('letterboxd/watchlist.csv'), 'watchlist.csv');
    const stolen = await as(t.bob).post('/api/user/import', {
      preview_id: preview.body.preview_id,
      picks: {},
    });
    expect(stolen).toMatchObject({ status: 403, body: { message: IMPORT_MESSAGES.notYourPreview } });
    const started = await as(t.alice).post('/api/user/import', {
      preview_id: preview.body.preview_id,
      picks: {},
    });
    expect(started.status).toBe(202);
    const peek = await as(t.bob).get(`/api/user/import/jobs/${started.body.job_id}`);
    expect(peek).toMatchObject({ status: 403, body: { message: IMPORT_MESSAGES.notYourPreview } });
    await waitForJob(t.alice, started.body.job_id);
    // A preview is used once.
    const reuse = await as(t.alice).post('/api/user/import', {
      preview_id: preview.body.preview_id,
      picks: {},
    });
    expect(reuse).toMatchObject({ status: 404, body: { message: IMPORT_MESSAGES.previewGone } });
    expect((await as(t.alice).get('/api/user/import/jobs/nope')).status).toBe(404);
  });

  it('undo removes exactly what the import added; what was there before stays', async () => {
    const frank = await t.s.verifiedUser('Frank', 'frank@example.com');
    // Before: a like and a watchlist entry the export also holds, and a playlist of the list's name.
    expect((await as(frank).post('/api/user/likes', { tmdb_id: 155 })).status).toBe(201);
    expect(
      (await as(frank).post('/api/user/watch-status', { tmdb_id: 797, status: 'want_to_watch' })).status,
    ).toBe(200);
    const before = await library('frank@example.com');
    const { job } = await importFile(frank, letterboxdZip(), 'lb.zip', { 'title:hamlet|2000': 10688 });
    expect(job.added.likes).toBe(1); // 129 only: 155 was already liked
    expect(job.undone).toBe(false);
    expect((await as(t.bob).post(`/api/user/import/jobs/${job.job_id}/undo`, {})).status).toBe(403);
    const undone = await as(frank).post(`/api/user/import/jobs/${job.job_id}/undo`, {});
    expect(undone.status).toBe(200);
    expect(undone.body.undone).toBe(true);
    expect(await library('frank@example.com')).toEqual(before);
    expect(await as(frank).post(`/api/user/import/jobs/${job.job_id}/undo`, {})).toMatchObject({
      status: 409,
      body: { message: IMPORT_MESSAGES.alreadyUndone },
    });
    // The library's cached reads follow.
    expect((await as(frank).get('/api/user/likes')).body.map((l: { tmdb_id: number }) => l.tmdb_id)).toEqual([
      155,
    ]);
  });

  it('undo leaves what the user has set again since the import (a like after an unlike)', async () => {
    const gina = await t.s.verifiedUser('Gina', 'gina@example.com');
    const { job } = await importFile(gina, letterboxdZip(), 'lb.zip', { 'title:hamlet|2000': 10688 });
    const liked = async () =>
      (await as(gina).get('/api/user/likes')).body.map((l: { tmdb_id: number }) => l.tmdb_id).sort();
    const imported = await liked();
    expect(imported.length).toBeGreaterThan(0);
    const mine = imported[0]!;
    expect((await as(gina).del(`/api/user/likes/${mine}`)).status).toBe(200);
    expect((await as(gina).post('/api/user/likes', { tmdb_id: mine })).status).toBe(201);
    expect((await as(gina).post(`/api/user/import/jobs/${job.job_id}/undo`, {})).status).toBe(200);
    expect(await liked()).toEqual([mine]);
  });

  it('a pick that was not offered is a 400; an unpicked ambiguous film is left out', async () => {
    const p = await upload(t.bob, letterboxdZip(), 'lb.zip');
    const bad = await as(t.bob).post('/api/user/import', {
      preview_id: p.body.preview_id,
      picks: { 'title:hamlet|2000': 155 },
    });
    expect(bad).toMatchObject({ status: 400, body: { message: IMPORT_MESSAGES.badPick } });
  });

  it('bad files: a clear 4xx {message}, nothing written', async () => {
    const before = await library('bob@example.com');
    const cases: [Uint8Array, string, number, RegExp | string][] = [
      [
        fixture('malformed/wrong-columns.csv'),
        'x.csv',
        400,
        /does not look like a Letterboxd, IMDb or Trakt export/,
      ],
      [fixture('malformed/broken-quotes.csv'), 'ratings.csv', 400, /not a readable CSV file/],
      [fixture('malformed/truncated.json'), 'h.json', 400, 'h.json is not valid JSON'],
      [
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9]),
        'x.zip',
        400,
        'x.zip is not a readable zip file',
      ],
      [
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xd8]),
        'poster.png',
        400,
        /is not text/,
      ],
      [new Uint8Array(IMPORT_MAX_BYTES + 1), 'huge.csv', 413, IMPORT_TOO_LARGE],
    ];
    for (const [bytes, fileName, status, message] of cases) {
      const r = await upload(t.bob, bytes, fileName);
      expect(r.status, fileName).toBe(status);
      expect(r.body.message, fileName).toMatch(message);
    }
    const empty = await upload(t.bob, new Uint8Array(0), 'empty.csv');
    expect(empty.status).toBe(400);
    const png = await upload(t.bob, strToU8('x'), 'a.png', 'image/png');
    expect(png.status).toBe(415);
    expect(png.body.message).toEqual(expect.any(String));
    expect(await library('bob@example.com')).toEqual(before);
  });

  it('uploads per account are limited: past 10 in 10 minutes a 429 {message}; another account is not', async () => {
    const hana = await t.s.verifiedUser('Hana', 'hana@example.com');
    const file = fixture('imdb/ratings.csv');
    for (let i = 0; i < PREVIEW_UPLOAD_LIMIT.points; i++)
      expect((await upload(hana, file, 'ratings.csv')).status).toBe(200);
    expect(await upload(hana, file, 'ratings.csv')).toEqual({
      status: 429,
      body: { message: IMPORT_MESSAGES.tooManyUploads },
    });
    const ivan = await t.s.verifiedUser('Ivan', 'ivan@example.com');
    expect((await upload(ivan, file, 'ratings.csv')).status).toBe(200);
  });

  it('all or nothing: a failure in the middle of the writes leaves the library as it was', async () => {
    const carol = await t.s.verifiedUser('Carol', 'carol@example.com');
    // A real database failure after likes, statuses and ratings were written in the transaction:
    // the diary insert for Whiplash (244786) raises.
    await sql`create function fail_import() returns trigger language plpgsql as $$
      begin raise exception 'disk full (test)'; end $$`.execute(t.db.db);
    await sql`create trigger fail_import before insert on diary_entries for each row
      when (new.tmdb_id = 244786) execute function fail_import()`.execute(t.db.db);
    try {
      const { job } = await importFile(carol, letterboxdZip(), 'lb.zip', { 'title:hamlet|2000': 10688 });
      expect(job.state).toBe('failed');
      expect(job.message).toBe(IMPORT_MESSAGES.failed);
      expect(job.added).toBeNull();
      expect(job.done).toBeGreaterThan(0);
      expect(job.done).toBeLessThan(job.total);
    } finally {
      await sql`drop trigger fail_import on diary_entries`.execute(t.db.db);
      await sql`drop function fail_import()`.execute(t.db.db);
    }
    expect(await library('carol@example.com')).toEqual({
      likes: [],
      status: [],
      ratings: [],
      diary: [],
      playlists: [],
    });
    // And the same file imports whole once the fault is gone.
    const { job } = await importFile(carol, letterboxdZip(), 'lb.zip', { 'title:hamlet|2000': 10688 });
    expect(job.state).toBe('done');
    expect((await library('carol@example.com')).diary).toHaveLength(6);
  });

  it('10,000 diary rows import in one job, with progress, and a second run adds nothing', async () => {
    const dave = await t.s.verifiedUser('Dave', 'dave@example.com');
    const films: { title: string; year: string; id: number }[] = [];
    for (const m of catalog.popular) {
      if (films.length === 2500) break;
      const year = m.release_date?.slice(0, 4);
      if (!year || /[\r\n]/.test(m.title)) continue;
      const r = matchFilm(catalog, { title: m.title, year: Number(year), imdbId: null, tmdbId: null });
      if (r.status === 'matched' && r.tmdbId === m.id && r.confidence === 'title_year')
        films.push({ title: m.title, year, id: m.id });
    }
    expect(films).toHaveLength(2500);
    const csv = strToU8(bigDiary(films, 10_000));
    const t0 = performance.now();
    const preview = await upload(dave, csv, 'diary.csv');
    const previewMs = performance.now() - t0;
    expect(preview.status).toBe(200);
    expect(preview.body.rows).toBe(10_000);
    expect(preview.body.counts).toMatchObject({ matched: 2500, ambiguous: 0, unmatched: 0 });
    expect(preview.body.will_write).toMatchObject({ diary: 10_000, watched: 2500, ratings: 2500 });
    const t1 = performance.now();
    const started = await as(dave).post('/api/user/import', {
      preview_id: preview.body.preview_id,
      picks: {},
    });
    expect(started.status).toBe(202);
    // The answer comes before the work: the job is still running, nothing done yet.
    expect(started.body).toMatchObject({ state: 'running', done: 0 });
    const seen = new Set<number>();
    let job;
    for (;;) {
      job = (await as(dave).get(`/api/user/import/jobs/${started.body.job_id}`)).body;
      seen.add(job.done);
      if (job.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const commitMs = performance.now() - t1;
    expect(job.state).toBe('done');
    expect(job.added).toMatchObject({ diary: 10_000, watched: 2500, ratings: 2500 });
    // Progress was visible between the start and the end.
    expect([...seen].some((d) => d > 0 && d < job.total)).toBe(true);
    const count = await t.db.db
      .selectFrom('diary_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', await uid('dave@example.com'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10_000);
    console.log(
      `[import-10k] ${name}: preview ${Math.round(previewMs)} ms, import job ${Math.round(commitMs)} ms (job's own ${job.elapsed_ms} ms) for 10,000 diary rows (${job.total} rows written)`,
    );
    const again = await importFile(dave, csv, 'diary.csv');
    expect(again.job.added).toMatchObject({ diary: 0, watched: 0, ratings: 0 });
  }, 300_000);

  it('export: JSON of everything, and a Letterboxd-style CSV zip that imports back exactly', async () => {
    const json = await fetch(new URL('/api/user/export?format=json', t.s.base), { headers: t.alice.bearer });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(
      /attachment; filename="cinelog-export-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const doc = await json.json();
    expect(doc).toMatchObject({ format: 'cinelog-export', version: 1 });
    expect(doc.likes.map((l: { tmdb_id: number }) => l.tmdb_id).sort()).toEqual([129, 155]);
    expect(
      doc.diary.find((d: { tmdb_id: number; rewatch: boolean }) => d.tmdb_id === 155 && d.rewatch),
    ).toMatchObject({
      watched_on: '2021-06-05',
      title: 'The Dark Knight',
      year: '2008',
    });
    expect(doc.playlists[0]).toMatchObject({ name: 'Heists, Capers & Long Nights', public: false });
    expect(JSON.stringify(doc)).not.toContain('alice@example.com');

    const zipRes = await fetch(new URL('/api/user/export?format=csv', t.s.base), { headers: t.alice.bearer });
    expect(zipRes.status).toBe(200);
    expect(zipRes.headers.get('content-type')).toBe('application/zip');
    const zip = new Uint8Array(await zipRes.arrayBuffer());
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'diary.csv',
      'likes/films.csv',
      'lists/heists-capers-long-nights.csv',
      'ratings.csv',
      'reviews.csv',
      'watched.csv',
      'watchlist.csv',
    ]);
    const ratings = new TextDecoder().decode(files['ratings.csv']);
    expect(ratings.split('\n')[0]).toBe('Date,Name,Year,Letterboxd URI,Rating,tmdbID');
    expect(ratings).toMatch(/\n\d{4}-\d{2}-\d{2},The Dark Knight,2008,,4\.5,155\n/);

    // Round trip: Erin imports Alice's export and holds the same library.
    const erin = await t.s.verifiedUser('Erin', 'erin2@example.com');
    const back = await importFile(erin, zip, 'cinelog-export.zip');
    expect(back.preview.counts).toMatchObject({ ambiguous: 0, unmatched: 0 });
    const a = await library('alice@example.com');
    const e = await library('erin2@example.com');
    expect(e).toEqual(a);
  });

  it('public playlists: off by default, a 128-bit link anyone can read, private again breaks it', async () => {
    const pl = (await as(t.alice).get('/api/user/playlists')).body[0];
    const share = `/api/user/playlists/${pl.playlist_id}/share`;
    expect((await as(t.alice).get(share)).body).toEqual({ public_slug: null, path: null });
    // Owner only, as every playlist route.
    expect(await as(t.bob).post(share, {})).toMatchObject({
      status: 403,
      body: { message: MESSAGES.notOwner },
    });
    expect((await as(t.bob).get(share)).status).toBe(403);
    expect((await as(t.alice).post('/api/user/playlists/999999/share', {})).status).toBe(404);

    const on = await as(t.alice).post(share, {});
    expect(on.status).toBe(200);
    const slug: string = on.body.public_slug;
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(on.body.path).toBe(`/p/${slug}`);
    // Already public: the same link.
    expect((await as(t.alice).post(share, {})).body.public_slug).toBe(slug);

    const anon = await t.s.client().get(`/api/public/playlists/${slug}`);
    expect(anon.status).toBe(200);
    expect(anon.headers.get('cache-control')).toBe('no-store');
    expect(anon.body).toMatchObject({ name: 'Heists, Capers & Long Nights', owner_name: 'Alice Example' });
    expect(anon.body.movies.map((m: { tmdb_id: number }) => m.tmdb_id)).toEqual([949, 155, 27205]);
    const text = JSON.stringify(anon.body);
    expect(text).not.toContain('alice@example.com');
    expect(text).not.toContain(await uid('alice@example.com'));
    expect(text).not.toContain('user_id');
    // Signed in as someone else: the same read-only view.
    expect((await as(t.bob).get(`/api/public/playlists/${slug}`)).status).toBe(200);
    // The owner's other rules are unchanged: t.bob still cannot read it through the owner routes.
    expect((await as(t.bob).get(`/api/user/playlists/${pl.playlist_id}/movies`)).status).toBe(403);

    const off = await as(t.alice).del(share);
    expect(off.body).toEqual({ public_slug: null, path: null });
    expect(await t.s.client().get(`/api/public/playlists/${slug}`)).toMatchObject({
      status: 404,
      body: { message: SHARE_MESSAGES.notPublic },
    });
    const again = (await as(t.alice).post(share, {})).body.public_slug;
    expect(again).not.toBe(slug);
    expect((await t.s.client().get(`/api/public/playlists/${slug}`)).status).toBe(404);
    expect((await t.s.client().get(`/api/public/playlists/${again}`)).status).toBe(200);
    // Guessing: a malformed or unknown slug is the same 404.
    for (const guess of ['x', 'A'.repeat(22), '..%2F..%2Fetc', slug.slice(0, 21)])
      expect((await t.s.client().get(`/api/public/playlists/${guess}`)).status, guess).toBe(404);
    // A NUL is refused before any handler, as everywhere in the API.
    expect((await t.s.client().get('/api/public/playlists/%00')).status).toBe(400);
    // The slug column refuses what is not a slug.
    await expect(
      t.db.db
        .updateTable('playlists')
        .set({ public_slug: 'short' })
        .where('id', '=', pl.playlist_id)
        .execute(),
    ).rejects.toThrow();
  });
});
