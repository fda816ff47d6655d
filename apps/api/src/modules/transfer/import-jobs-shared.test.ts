import type { CatalogIndex } from '@app/catalog';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { DATABASES, insertUsers } from '../../../test/helpers/db';
import { fixture } from '../../../test/helpers/import-fixtures';
import type { Database } from '../../db/database';
import type { QueueDb } from '../../db/pglite-pool';
import { RedisGenerations, type Generations } from '../../integrations/redis/user-generations';
import { TmdbClient } from '../../integrations/tmdb/tmdb-client';
import { TmdbMovieSource } from '../../integrations/tmdb/tmdb-movie-source';
import { ConflictError } from '../../lib/errors';
import { LibraryReadCache } from '../library/library-read-cache';
import { ImportQueue } from './import-queue';
import { IMPORT_MESSAGES, ImportService, REQUEUE_LIMIT, type ImportServiceOptions } from './import.service';
import { SharingService } from './sharing.service';
import { TransferRepository } from './transfer.repository';

const log = Fastify({ logger: false }).log;
const REDIS = process.env.TEST_REDIS_URL;
/** pg-boss's timings shortened: a try every half second, a lease of two seconds. */
const TIMES = { pollSeconds: 0.5, leaseSeconds: 2, maintenanceSeconds: 1 };

/**
 * Issue 45, decision 0099: what the queue gives up on, a second upload on another instance, and
 * a user's cached reads after an import, an undo or a share, across instances (two ImportServices
 * over one database stand for two API instances; two read caches on one Redis for their caches).
 */
describe.each(DATABASES)('import jobs shared across instances on $name', ({ open }) => {
  let db: Database;
  let catalog: CatalogIndex;
  const file = new Uint8Array(fixture('letterboxd/ratings.csv'));
  const closing: { close(): Promise<void> }[] = [];
  const service = (options: ImportServiceOptions = {}, onWrite?: (uid: string) => Promise<void>) => {
    const s = new ImportService(
      new TransferRepository(db.db),
      catalog,
      () => ({ poster_path: null, backdrop_path: null }),
      log,
      onWrite,
      options,
    );
    closing.push(s);
    return s;
  };
  const count = async (table: string, user: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${user}`.execute(db.db)
    ).rows[0]!.n;

  beforeAll(async () => {
    catalog = await fullCatalog();
    db = await open();
    await insertUsers(db, ['gus', 'hal', 'ivy', 'jan', 'kim', 'lou', 'max', 'ned']);
  }, 120_000);
  afterAll(async () => {
    for (const c of closing.reverse()) await c.close();
    await db?.close();
  });

  it('a job the queue gives up on (every try fails) ends failed with a message, and the user imports again', async () => {
    // Every try of this instance's worker fails before the job's first step, as a bug or an
    // outage outside the job's own error handling would: pg-boss tries it 6 times, then gives up.
    let tries = 0;
    const broken = service({
      queue: (_run, giveUp) =>
        new ImportQueue(
          db.queue!,
          TIMES,
          async () => {
            tries++;
            throw new Error('this instance cannot run imports');
          },
          log,
          giveUp,
        ),
    });
    await broken.startQueue();
    const p = await broken.preview('gus', file, 'ratings.csv');
    const job = await broken.start('gus', { preview_id: p.preview_id, picks: {} });
    await broken.settled(job.job_id, 40_000);
    expect(tries).toBe(6);
    // What the progress screen reads: failed, and why, on any instance.
    const seen = await service().job('gus', job.job_id);
    expect(seen).toMatchObject({ state: 'failed', message: IMPORT_MESSAGES.gaveUp, added: null });
    expect(seen.finished_at).not.toBeNull();
    expect(await count('ratings', 'gus')).toBe(0);
    // The user is not blocked: a new upload imports (on a working instance).
    await broken.close();
    const working = service({ queue: (run, giveUp) => new ImportQueue(db.queue!, TIMES, run, log, giveUp) });
    await working.startQueue();
    const again = await working.preview('gus', file, 'ratings.csv');
    const next = await working.start('gus', { preview_id: again.preview_id, picks: {} });
    await working.settled(next.job_id, 30_000);
    expect(await working.job('gus', next.job_id)).toMatchObject({
      state: 'done',
      added: { ratings: again.will_write.ratings },
    });
    await working.close();
  }, 90_000);

  it('a given-up job whose steps still moved within the last lease is queued again, up to a limit', async () => {
    // A large import on a busy machine outlives its leases while it works (pg-boss has no
    // heartbeat): each lease that runs out spends a try. The service decides what the queue does
    // with it once its tries are spent, by the database's clock.
    const s = service();
    const row = async (step: number, movedAgo: string) => {
      const id = randomUUID();
      await sql`insert into import_jobs (id, user_id, plan, planned, total, step, started_at, updated_at)
        values (${id}, 'max', ${Buffer.from([])}, '{}'::jsonb, 10, ${step}, now() - interval '1 hour',
          now() - ${movedAgo}::interval)`.execute(db.db);
      return id;
    };
    const state = async (id: string) => (await s.job('max', id)).state;
    const moving = await row(3, '1 second');
    expect(await s.giveUp(moving, { requeued: 0, withinSeconds: 120 })).toBe('again');
    expect(await state(moving)).toBe('running');
    // Queued again REQUEUE_LIMIT times already: it ends, failed as any given-up job.
    expect(await s.giveUp(moving, { requeued: REQUEUE_LIMIT, withinSeconds: 120 })).toBe('ended');
    expect(await s.job('max', moving)).toMatchObject({ state: 'failed', message: IMPORT_MESSAGES.gaveUp });
    // No step within the last lease, or none at all (its row only made): failed.
    const stuck = await row(3, '10 minutes');
    expect(await s.giveUp(stuck, { requeued: 0, withinSeconds: 120 })).toBe('ended');
    expect(await state(stuck)).toBe('failed');
    const neverMoved = await row(0, '0 seconds');
    expect(await s.giveUp(neverMoved, { requeued: 0, withinSeconds: 120 })).toBe('ended');
    expect(await state(neverMoved)).toBe('failed');
  });

  it('the queue sends a job it gave up on once more when told it still moves, with fresh tries', async () => {
    let tries = 0;
    const verdicts: number[] = [];
    const s = service({
      queue: (_run, _giveUp) =>
        new ImportQueue(
          db.queue!,
          TIMES,
          async () => {
            tries++;
            throw new Error('this try does not finish');
          },
          log,
          async (jobId, { requeued, withinSeconds }) => {
            verdicts.push(requeued);
            expect(withinSeconds).toBe(TIMES.leaseSeconds);
            // The first time as a job still moving; then as the service would end it.
            if (requeued === 0) return 'again';
            await s.giveUp(jobId, { requeued: REQUEUE_LIMIT, withinSeconds });
            return 'ended';
          },
        ),
    });
    await s.startQueue();
    const p = await s.preview('ned', file, 'ratings.csv');
    const job = await s.start('ned', { preview_id: p.preview_id, picks: {} });
    await s.settled(job.job_id, 60_000);
    expect(verdicts).toEqual([0, 1]);
    expect(tries).toBe(12);
    expect(await s.job('ned', job.job_id)).toMatchObject({
      state: 'failed',
      message: IMPORT_MESSAGES.gaveUp,
    });
  }, 90_000);

  it('a running import left without a queue entry (its instance died before sending it) does not block the next one', async () => {
    const s = service({
      queue: (run, giveUp) => new ImportQueue(db.queue!, TIMES, run, log, giveUp),
    });
    await s.startQueue();
    // The row as an instance killed between committing it and queueing it leaves it, long ago.
    const orphan = randomUUID();
    await sql`insert into import_jobs (id, user_id, plan, planned, total, started_at, updated_at)
      values (${orphan}, 'hal', ${Buffer.from([])}, '{}'::jsonb, 1, now() - interval '1 hour', now() - interval '1 hour')`.execute(
      db.db,
    );
    const p = await s.preview('hal', file, 'ratings.csv');
    const job = await s.start('hal', { preview_id: p.preview_id, picks: {} });
    await s.settled(job.job_id, 30_000);
    expect((await s.job('hal', job.job_id)).state).toBe('done');
    expect(await s.job('hal', orphan)).toMatchObject({ state: 'failed', message: IMPORT_MESSAGES.gaveUp });
    // A running job still waiting in the queue is never taken for an orphan, however old its row.
    const queued = randomUUID();
    await sql`insert into import_jobs (id, user_id, plan, planned, total, started_at, updated_at)
      values (${queued}, 'hal', ${Buffer.from([])}, '{}'::jsonb, 1, now() - interval '1 hour', now() - interval '1 hour')`.execute(
      db.db,
    );
    await db.queue!.executeSql(
      `insert into pgboss.job (name, data, start_after) values ('cinelog-import', $1, now() + interval '1 hour')`,
      [JSON.stringify({ job: queued })],
    );
    const p2 = await s.preview('hal', file, 'ratings.csv');
    await expect(s.start('hal', { preview_id: p2.preview_id, picks: {} })).rejects.toThrow(
      IMPORT_MESSAGES.alreadyRunning,
    );
    expect((await s.job('hal', queued)).state).toBe('running');
    await db.queue!.executeSql(`delete from pgboss.job where data->>'job' = $1`, [queued]);
    await sql`delete from import_jobs where id = ${queued}`.execute(db.db);
  }, 90_000);

  it('a queue that could not start at first starts on the next try (it is not stuck on its first error)', async () => {
    let failing = 3;
    const flaky: QueueDb = {
      executeSql: (text, values) => {
        if (failing > 0) {
          failing--;
          return Promise.reject(new Error('the database is restarting'));
        }
        return db.queue!.executeSql(text, values);
      },
    };
    const s = service({ queue: (run, giveUp) => new ImportQueue(flaky, TIMES, run, log, giveUp) });
    await expect(s.startQueue()).rejects.toThrow('the database is restarting');
    failing = 0;
    // A commit starts the queue again: the import is queued and runs.
    const p = await s.preview('ivy', file, 'ratings.csv');
    const job = await s.start('ivy', { preview_id: p.preview_id, picks: {} });
    await s.settled(job.job_id, 30_000);
    expect((await s.job('ivy', job.job_id)).state).toBe('done');
  }, 60_000);

  describe("this instance's clock off from the database's", () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const skew = (ms: number) => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(Date.now() + ms);
    };

    it('a job that fails removes all it wrote, even with this clock an hour behind', async () => {
      // A real database failure once the films, and their watched marks, are written.
      await sql`create function fail_rating() returns trigger language plpgsql as $$
        begin raise exception 'disk full (test)'; end $$`.execute(db.db);
      await sql`create trigger fail_rating before insert on ratings for each row
        execute function fail_rating()`.execute(db.db);
      try {
        skew(-3_600_000);
        const s = service();
        const p = await s.preview('jan', file, 'ratings.csv');
        const job = await s.start('jan', { preview_id: p.preview_id, picks: {} });
        await s.settled(job.job_id);
        expect(await s.job('jan', job.job_id)).toMatchObject({
          state: 'failed',
          message: IMPORT_MESSAGES.failed,
        });
        expect(await count('watch_status', 'jan')).toBe(0);
      } finally {
        await sql`drop trigger fail_rating on ratings`.execute(db.db);
        await sql`drop function fail_rating()`.execute(db.db);
      }
    });

    it('an undo removes undated ratings, even with this clock an hour ahead', async () => {
      // Ratings without a date (an empty Date column) are dated when written.
      const text = Buffer.from(file)
        .toString('utf8')
        .replace(/^\d{4}-\d{2}-\d{2},/gm, ',');
      skew(3_600_000);
      const s = service();
      const p = await s.preview('jan', new TextEncoder().encode(text), 'ratings.csv');
      const job = await s.start('jan', { preview_id: p.preview_id, picks: {} });
      await s.settled(job.job_id);
      expect(await count('ratings', 'jan')).toBe(p.will_write.ratings);
      expect(p.will_write.ratings).toBeGreaterThan(0);
      expect((await s.undo('jan', job.job_id)).undone).toBe(true);
      expect(await count('ratings', 'jan')).toBe(0);
      expect(await count('watch_status', 'jan')).toBe(0);
    });
  });

  describe('one upload at a time per account, across instances', () => {
    let server: Server;
    let release: () => void = () => {};
    let held = new Promise<void>((r) => (release = r));
    let asked: () => void = () => {};
    let searched = new Promise<void>((r) => (asked = r));
    beforeAll(async () => {
      // A TMDB-shaped server that answers the search for "Held Film" only when told to.
      server = createServer((req, res) => {
        const q = new URL(req.url!, 'http://tmdb').searchParams.get('query') ?? '';
        const answer = () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ page: 1, total_pages: 1, total_results: 0, results: [] }));
        if (q.toLowerCase() !== 'held film') return answer();
        asked();
        void held.then(answer);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    });
    afterAll(async () => {
      release();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });
    const live = () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`;
      const source = new TmdbMovieSource(
        new TmdbClient({ baseUrl: base, accessToken: 't', timeoutMs: 20_000 }),
      );
      return service({ search: async (q) => (await source.search(q, 1)).results });
    };
    const upload = new TextEncoder().encode(
      ['Date,Name,Year,Letterboxd URI', '2024-01-01,Held Film,2001,'].join('\n'),
    );

    it('a second upload on another instance while the first is read is a 409; then it is read', async () => {
      const [a, b] = [live(), live()];
      const first = a.preview('jan', upload, 'watched.csv');
      await searched;
      const second: unknown = await b.preview('jan', upload, 'watched.csv').catch((e: unknown) => e);
      expect(second).toBeInstanceOf(ConflictError);
      expect((second as ConflictError).message).toBe(IMPORT_MESSAGES.previewRunning);
      // Another user is not held.
      expect((await b.preview('kim', file, 'ratings.csv')).counts.matched).toBeGreaterThan(0);
      release();
      expect((await first).rows).toBe(1);
      // The first is done: the next upload, on either instance, is read.
      expect((await b.preview('jan', file, 'ratings.csv')).counts.matched).toBeGreaterThan(0);
      // A failed upload does not leave the account locked either.
      await expect(a.preview('jan', new Uint8Array(0), 'watched.csv')).rejects.toThrow();
      expect((await b.preview('jan', file, 'ratings.csv')).counts.matched).toBeGreaterThan(0);
      held = new Promise<void>((r) => (release = r));
      searched = new Promise<void>((r) => (asked = r));
    });

    it("an upload whose instance died is not held against the account once its claim's time is up", async () => {
      // The claim a killed instance leaves behind, its time run out.
      await sql`insert into import_uploads (user_id, token, expires_at)
        values ('lou', ${randomUUID()}, now() - interval '1 second')`.execute(db.db);
      expect((await live().preview('lou', file, 'ratings.csv')).counts.matched).toBeGreaterThan(0);
      // A claim still in its time holds it.
      await sql`insert into import_uploads (user_id, token, expires_at)
        values ('lou', ${randomUUID()}, now() + interval '1 minute')
        on conflict (user_id) do update set token = excluded.token, expires_at = excluded.expires_at`.execute(
        db.db,
      );
      await expect(live().preview('lou', file, 'ratings.csv')).rejects.toBeInstanceOf(ConflictError);
      await sql`delete from import_uploads where user_id = 'lou'`.execute(db.db);
    });
  });

  describe.runIf(REDIS)("a user's next read on another instance shows their import, undo and share", () => {
    let redis: Redis;
    const prefix = `cinelog-test-import-${randomBytes(4).toString('hex')}`;
    let cacheA: LibraryReadCache;
    let cacheB: LibraryReadCache;
    beforeAll(() => {
      redis = new Redis(REDIS!, { maxRetriesPerRequest: 1 });
      const real = new RedisGenerations(redis, prefix, log);
      // Redis a little slow to answer a write (a busy server, a far one): a bump not awaited
      // before the answer lands after the user's next read.
      const slow: Generations = {
        current: (u) => real.current(u),
        bump: async (u) => {
          await new Promise((r) => setTimeout(r, 300));
          await real.bump(u);
        },
        onReset: (l) => real.onReset(l),
      };
      cacheA = new LibraryReadCache(100, slow);
      cacheB = new LibraryReadCache(100, slow);
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });
    const ratingsOnB = (uid: string) => cacheB.read(uid, 'ratings', () => count('ratings', uid));

    it('an import: once its job reads done, B reads its rows; an undo: once answered, B reads them gone', async () => {
      const a = service({}, (uid) => cacheA.invalidate(uid));
      await sql`delete from ratings where user_id = 'kim'`.execute(db.db);
      expect(await ratingsOnB('kim')).toBe(0);
      const p = await a.preview('kim', file, 'ratings.csv');
      const job = await a.start('kim', { preview_id: p.preview_id, picks: {} });
      await a.settled(job.job_id);
      expect(await ratingsOnB('kim')).toBe(p.will_write.ratings);
      await a.undo('kim', job.job_id);
      expect(await ratingsOnB('kim')).toBe(0);
    });

    it('a playlist made public or private: once answered, B reads it', async () => {
      const sharing = new SharingService(new TransferRepository(db.db), (uid) => cacheA.invalidate(uid));
      const list = await db.db
        .insertInto('playlists')
        .values({ user_id: 'kim', name: 'Shared soon' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const slugOnB = () =>
        cacheB.read(
          'kim',
          'playlists',
          async () =>
            (
              await db.db
                .selectFrom('playlists')
                .select('public_slug')
                .where('id', '=', list.id)
                .executeTakeFirstOrThrow()
            ).public_slug,
        );
      expect(await slugOnB()).toBeNull();
      const shared = await sharing.publish('kim', list.id);
      expect(await slugOnB()).toBe(shared.public_slug);
      await sharing.unpublish('kim', list.id);
      expect(await slugOnB()).toBeNull();
    });
  });
});
