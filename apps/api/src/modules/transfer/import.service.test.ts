import type { CatalogIndex } from '@app/catalog';
import Fastify from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TmdbClient } from '../../integrations/tmdb/tmdb-client';
import { TmdbMovieSource } from '../../integrations/tmdb/tmdb-movie-source';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { freshPglite, insertUsers } from '../../../test/helpers/db';
import { fixture } from '../../../test/helpers/import-fixtures';
import type { Database } from '../../db/database';
import { ConflictError, ServiceUnavailableError } from '../../lib/errors';
import { matchFilm } from './import-match';
import {
  IMPORT_MESSAGES,
  ImportService,
  LIVE_SEARCH_MAX,
  PREVIEW_RETRY_SECONDS,
  type ImportServiceOptions,
} from './import.service';
import { TransferRepository } from './transfer.repository';

/**
 * The full catalog and a fresh database with these users (id, name and address from the id), for
 * one describe block; `imports(options)` is an ImportService over them, as the app builds it.
 */
function importSuite(users: string[]) {
  const suite = {} as { catalog: CatalogIndex; db: Database };
  beforeAll(async () => {
    suite.catalog = await fullCatalog();
    suite.db = await freshPglite();
    await insertUsers(suite.db, users);
  }, 120_000);
  afterAll(() => suite.db.close());
  // Previews are rows now (decision 0090): each test starts with none waiting.
  beforeEach(async () => {
    if (suite.db) await sql`delete from import_previews`.execute(suite.db.db);
  });
  const imports = (options: ImportServiceOptions) =>
    new ImportService(
      new TransferRepository(suite.db.db),
      suite.catalog,
      () => ({ poster_path: null, backdrop_path: null }),
      Fastify({ logger: false }).log,
      () => {},
      options,
    );
  return Object.assign(suite, { imports });
}

/** The waiting previews are bounded by what they hold, and one user's upload never drops another's. */
describe('previews waiting for their Import', () => {
  const t = importSuite(['ann', 'bob', 'cat']);
  const file = new Uint8Array(fixture('letterboxd/ratings.csv'));
  const service = (previewBudget: number, previewMax = 1000) => t.imports({ previewBudget, previewMax });

  it('when full, a new upload is a 503 with Retry-After; the pending ones can still be imported', async () => {
    const alone = await service(1_000_000).preview('ann', file, 'ratings.csv');
    expect(alone.counts.matched).toBeGreaterThan(0);
    expect(alone.counts.skipped_rows).toBe(0);
    const size = 1 + alone.rows; // a ratings.csv row is one entry
    const imports = service(2 * size);
    const a = await imports.preview('ann', file, 'ratings.csv');
    const b = await imports.preview('bob', file, 'ratings.csv');
    const refused: unknown = await imports.preview('cat', file, 'ratings.csv').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect((refused as ServiceUnavailableError).message).toBe(IMPORT_MESSAGES.busy);
    expect((refused as ServiceUnavailableError).retryAfterSeconds).toBe(PREVIEW_RETRY_SECONDS);

    // A user's own new upload replaces their older preview (it frees its room first).
    const a2 = await imports.preview('ann', file, 'ratings.csv');
    await expect(imports.start('ann', { preview_id: a.preview_id, picks: {} })).rejects.toThrow(
      IMPORT_MESSAGES.previewGone,
    );
    // Both pending previews are still there: each starts, and writes.
    for (const [user, p] of [
      ['ann', a2],
      ['bob', b],
    ] as const) {
      const job = await imports.start(user, { preview_id: p.preview_id, picks: {} });
      await imports.settled(job.job_id);
      expect((await imports.job(user, job.job_id)).state).toBe('done');
      expect((await imports.job(user, job.job_id)).added?.ratings).toBe(alone.will_write.ratings);
    }
    // Committed previews leave the store: there is room again.
    expect((await imports.preview('cat', file, 'ratings.csv')).counts.matched).toBe(alone.counts.matched);
  });

  it("a refused upload keeps the user's older preview; their own older one counts as room", async () => {
    const small = new Uint8Array(fixture('letterboxd/ratings.csv'));
    const alone = await service(1_000_000).preview('ann', small, 'ratings.csv');
    const size = 1 + alone.rows;
    // Room for two such previews; ann's bigger upload (the same rows twice)
    // cannot fit next to bob's even once ann's own older one is counted out.
    const imports = service(2 * size);
    const a = await imports.preview('ann', small, 'ratings.csv');
    await imports.preview('bob', small, 'ratings.csv');
    const text = Buffer.from(small).toString('utf8');
    const body = text.split('\n').slice(1).filter(Boolean);
    const bigger = new Uint8Array(Buffer.from([text.split('\n')[0], ...body, ...body, ''].join('\n')));
    await expect(imports.preview('ann', bigger, 'ratings.csv')).rejects.toThrow(IMPORT_MESSAGES.busy);
    // ann's older preview is still there and imports.
    const job = await imports.start('ann', { preview_id: a.preview_id, picks: {} });
    await imports.settled(job.job_id);
    expect((await imports.job('ann', job.job_id)).state).toBe('done');
    // Full (two previews, the whole budget): ann's same-sized new upload replaces hers.
    const a2 = await imports.preview('ann', small, 'ratings.csv');
    const a3 = await imports.preview('ann', small, 'ratings.csv');
    await expect(imports.start('ann', { preview_id: a2.preview_id, picks: {} })).rejects.toThrow(
      IMPORT_MESSAGES.previewGone,
    );
    expect((await imports.start('ann', { preview_id: a3.preview_id, picks: {} })).job_id).toBeTruthy();
  });

  it('a cap on the number of previews refuses the same way', async () => {
    const imports = service(1_000_000, 2);
    await imports.preview('ann', file, 'ratings.csv');
    await imports.preview('bob', file, 'ratings.csv');
    await expect(imports.preview('cat', file, 'ratings.csv')).rejects.toThrow(IMPORT_MESSAGES.busy);
  });
});

/**
 * Live mode: a film the offline catalog lacks is looked up with TMDB's search (a local TMDB-shaped
 * server here) and matched by the same title and year rules; what it finds is written from TMDB's facts.
 */
describe('live mode looks up on TMDB what the catalog does not have', () => {
  const t = importSuite(['liv']);
  let server: Server;
  let base: string;
  const queries: string[] = [];
  const hit = (id: number, title: string, date: string, votes = 10) => ({
    id,
    title,
    original_title: title,
    release_date: date,
    overview: `${title}, a film only TMDB knows`,
    poster_path: `/tmdb-${id}.jpg`,
    backdrop_path: null,
    vote_average: 6.5,
    vote_count: votes,
    genre_ids: [18],
  });
  const ONLY_ON_TMDB: Record<string, object[]> = {
    'wanda’s backyard tapes': [
      hit(990000001, 'Wanda’s Backyard Tapes', '2023-04-01'),
      hit(990000009, 'Wanda', '2023-01-01'),
    ],
    'the quiet twin': [
      hit(990000002, 'The Quiet Twin', '2019-05-01', 50),
      hit(990000003, 'The Quiet Twin', '2019-09-01', 80),
    ],
    'nearly new': [hit(990000004, 'Nearly New', '2021-12-30')],
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://tmdb');
      const q = (url.searchParams.get('query') ?? '').toLowerCase();
      queries.push(q);
      if (url.pathname !== '/3/search/movie' || q === 'unreachable film') {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"status_message":"down"}');
        return;
      }
      const results = ONLY_ON_TMDB[q] ?? [];
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ page: 1, total_pages: 1, total_results: results.length, results }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`;
  }, 120_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  function live() {
    const source = new TmdbMovieSource(
      new TmdbClient({ baseUrl: base, accessToken: 'token', timeoutMs: 2000 }),
    );
    return t.imports({ search: async (q) => (await source.search(q, 1)).results });
  }

  it('one preview in progress per user: a second concurrent upload is a 409, another user is not held', async () => {
    const diary = [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2024-02-05,Wanda’s Backyard Tapes,2023,,3.5,,,2024-02-05',
    ].join('\n');
    const bytes = new TextEncoder().encode(diary);
    const imports = live();
    // The first is waiting on its TMDB search when the second arrives.
    const first = imports.preview('liv', bytes, 'diary.csv');
    const second: unknown = await imports.preview('liv', bytes, 'diary.csv').catch((err: unknown) => err);
    expect(second).toBeInstanceOf(ConflictError);
    expect((second as ConflictError).message).toBe(IMPORT_MESSAGES.previewRunning);
    expect((await first).counts.matched).toBe(1);
    // Once it is done, the next upload is read.
    expect((await imports.preview('liv', bytes, 'diary.csv')).counts.matched).toBe(1);
    // A failed preview does not leave the user locked out.
    await expect(imports.preview('liv', new Uint8Array(0), 'diary.csv')).rejects.toThrow();
    expect((await imports.preview('liv', bytes, 'diary.csv')).counts.matched).toBe(1);
  });

  it('matches, asks which one, or says why not; the import writes the film from TMDB', async () => {
    const known = t.catalog.popular.find(
      (m) =>
        m.release_date &&
        !/[",\n]/.test(m.title) &&
        matchFilm(t.catalog, {
          title: m.title,
          year: Number(m.release_date.slice(0, 4)),
          imdbId: null,
          tmdbId: null,
        }).status === 'matched',
    )!;
    const diary = [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      `2024-01-05,${known.title},${known.release_date!.slice(0, 4)},,4,,,2024-01-05`,
      '2024-02-05,Wanda’s Backyard Tapes,2023,,3.5,,,2024-02-05',
      '2024-03-05,The Quiet Twin,2019,,4,,,2024-03-05',
      '2024-04-05,Nearly New,2022,,3,,,2024-04-05',
      '2024-05-05,Unreachable Film,2020,,3,,,2024-05-05',
      '2024-06-05,Nobody Made This,2020,,3,,,2024-06-05',
    ].join('\n');
    const imports = live();
    queries.length = 0;
    const p = await imports.preview('liv', new TextEncoder().encode(diary), 'diary.csv');
    // The catalog's film is never searched for.
    expect(queries).not.toContain(known.title.toLowerCase());
    expect(p.counts).toMatchObject({ matched: 3, ambiguous: 1, unmatched: 2 });
    const wanda = p.matched.find((m) => m.title === 'Wanda’s Backyard Tapes')!;
    expect(wanda.match).toMatchObject({
      tmdb_id: 990000001,
      year: '2023',
      poster_path: '/tmdb-990000001.jpg',
    });
    expect(wanda.confidence).toBe('title_year');
    expect(p.matched.find((m) => m.title === 'Nearly New')!.confidence).toBe('title_near_year');
    expect(p.ambiguous[0]!.candidates.map((c) => c.tmdb_id)).toEqual([990000003, 990000002]);
    expect(p.unmatched.map((u) => [u.title, u.reason]).sort()).toEqual([
      ['Nobody Made This', 'No film with this title in the catalog or on TMDB'],
      ['Unreachable Film', 'TMDB could not be reached to look it up: try again later'],
    ]);

    const job = await imports.start('liv', {
      preview_id: p.preview_id,
      picks: { [p.ambiguous[0]!.key]: 990000002 },
    });
    await imports.settled(job.job_id);
    expect(await imports.job('liv', job.job_id)).toMatchObject({
      state: 'done',
      added: { diary: 4, ratings: 4 },
    });
    const movie = await t.db.db
      .selectFrom('movies')
      .select(['title', 'poster_path', 'release_date'])
      .where('tmdb_id', '=', 990000001)
      .executeTakeFirstOrThrow();
    expect(movie.title).toBe('Wanda’s Backyard Tapes');
    expect(movie.poster_path).toBe('/tmdb-990000001.jpg');
    const diaryIds = await t.db.db
      .selectFrom('diary_entries')
      .select('tmdb_id')
      .where('user_id', '=', 'liv')
      .orderBy('tmdb_id')
      .execute();
    expect(diaryIds.map((r) => r.tmdb_id)).toEqual(
      [known.id, 990000001, 990000002, 990000004].sort((a, b) => a - b),
    );
  });

  it(`looks up at most ${LIVE_SEARCH_MAX} films of one import; the rest say so`, async () => {
    const rows = Array.from({ length: LIVE_SEARCH_MAX + 5 }, (_, i) => `2024-01-01,Nowhere Film ${i},2001,`);
    queries.length = 0;
    const p = await live().preview(
      'liv',
      new TextEncoder().encode(['Date,Name,Year,Letterboxd URI', ...rows].join('\n')),
      'watched.csv',
    );
    expect(queries.filter((q) => q.startsWith('nowhere film'))).toHaveLength(LIVE_SEARCH_MAX);
    expect(p.counts.unmatched).toBe(LIVE_SEARCH_MAX + 5);
    expect(p.unmatched.filter((u) => u.reason.startsWith('Not looked up on TMDB'))).toHaveLength(5);
  });
});
