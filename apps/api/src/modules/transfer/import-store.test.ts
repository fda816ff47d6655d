import type { CatalogIndex } from '@app/catalog';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { DATABASES, insertUsers } from '../../../test/helpers/db';
import { bigDiary } from '../../../test/helpers/import-fixtures';
import type { Database } from '../../db/database';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { matchFilm } from './import-match';
import { ImportQueue } from './import-queue';
import { IMPORT_MESSAGES, ImportService, type ImportServiceOptions } from './import.service';
import { TransferRepository } from './transfer.repository';

const log = Fastify({ logger: false }).log;

/**
 * Previews and jobs are rows (decision 0090): two ImportService instances over one database stand
 * for two API instances. A preview made on one is committed on the other; an expired one is
 * refused and swept; only its owner reads or commits it; a job run by two at once, or taken over
 * through the queue from an instance that stopped answering, writes each row exactly once.
 */
describe.each(DATABASES)('import previews and jobs in the database on $name', ({ open }) => {
  let db: Database;
  let catalog: CatalogIndex;
  let diary: Uint8Array;
  const services: ImportService[] = [];
  const service = (options: ImportServiceOptions = {}) => {
    const s = new ImportService(
      new TransferRepository(db.db),
      catalog,
      () => ({ poster_path: null, backdrop_path: null }),
      log,
      () => {},
      options,
    );
    services.push(s);
    return s;
  };

  beforeAll(async () => {
    catalog = await fullCatalog();
    db = await open();
    await insertUsers(db, ['ann', 'bob', 'cat', 'dan', 'eve']);
    const films: { title: string; year: string }[] = [];
    for (const m of catalog.popular) {
      if (!m.release_date || /[",\n]/.test(m.title)) continue;
      const film = { title: m.title, year: m.release_date.slice(0, 4) };
      if (
        matchFilm(catalog, { ...film, year: Number(film.year), imdbId: null, tmdbId: null }).status !==
        'matched'
      )
        continue;
      films.push(film);
      if (films.length === 60) break;
    }
    // 120 viewings of 60 films: 120 diary entries, 60 ratings and 60 watched.
    diary = new TextEncoder().encode(bigDiary(films, 120));
  }, 120_000);
  afterAll(async () => {
    for (const s of services) await s.close();
    await db?.close();
  });

  const count = async (table: string, user: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${user}`.execute(db.db)
      ).rows[0]!.n,
    );

  it('a preview made on one instance is committed on another, and only once', async () => {
    const a = service();
    const b = service();
    const p = await a.preview('ann', diary, 'diary.csv');
    expect(p.will_write).toMatchObject({ diary: 120, ratings: 60, watched: 60 });
    const stored = await sql<{
      user_id: string;
    }>`select user_id from import_previews where id = ${p.preview_id}`.execute(db.db);
    expect(stored.rows).toEqual([{ user_id: 'ann' }]);
    const job = await b.start('ann', { preview_id: p.preview_id, picks: {} });
    await b.settled(job.job_id);
    // Progress and result are read on either instance.
    for (const s of [a, b])
      expect(await s.job('ann', job.job_id)).toMatchObject({
        state: 'done',
        done: job.total,
        added: { diary: 120, ratings: 60, watched: 60 },
      });
    expect(await count('diary_entries', 'ann')).toBe(120);
    // Years of imported history are not news for followers: the import wrote no activity.
    expect(await count('activity', 'ann')).toBe(0);
    // The preview was taken by its commit: a second commit, on either instance, finds nothing.
    await expect(a.start('ann', { preview_id: p.preview_id, picks: {} })).rejects.toThrow(
      IMPORT_MESSAGES.previewGone,
    );
  });

  it('an expired preview is refused with the same message (404) and swept', async () => {
    const p = await service().preview('bob', diary, 'diary.csv');
    await sql`update import_previews set expires_at = now() - interval '1 second' where id = ${p.preview_id}`.execute(
      db.db,
    );
    const refused: unknown = await service()
      .start('bob', { preview_id: p.preview_id, picks: {} })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotFoundError);
    expect((refused as NotFoundError).message).toBe(IMPORT_MESSAGES.previewGone);
    expect(await count('diary_entries', 'bob')).toBe(0);
    // A fresh instance sweeps on its first call: the expired row is gone.
    await service().preview('cat', diary, 'diary.csv');
    const left = await sql`select id from import_previews where id = ${p.preview_id}`.execute(db.db);
    expect(left.rows).toEqual([]);
  });

  it("only the preview's owner commits it, and only a job's owner reads or undoes it", async () => {
    const s = service();
    const p = await s.preview('dan', diary, 'diary.csv');
    const stolen: unknown = await s
      .start('eve', { preview_id: p.preview_id, picks: {} })
      .catch((e: unknown) => e);
    expect(stolen).toBeInstanceOf(ForbiddenError);
    expect((stolen as ForbiddenError).message).toBe(IMPORT_MESSAGES.notYourPreview);
    const job = await s.start('dan', { preview_id: p.preview_id, picks: {} });
    await s.settled(job.job_id);
    await expect(s.job('eve', job.job_id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(s.undo('eve', job.job_id)).rejects.toBeInstanceOf(ForbiddenError);
    // Ids that are not ids are simply not found (never a database error).
    await expect(s.job('dan', 'not-a-job')).rejects.toBeInstanceOf(NotFoundError);
    await expect(s.start('dan', { preview_id: 'nope', picks: {} })).rejects.toBeInstanceOf(NotFoundError);
    expect(await count('diary_entries', 'eve')).toBe(0);
    // Undone once, from another instance: exactly its rows go.
    expect((await service().undo('dan', job.job_id)).undone).toBe(true);
    expect(await count('diary_entries', 'dan')).toBe(0);
    await expect(s.undo('dan', job.job_id)).rejects.toThrow(IMPORT_MESSAGES.alreadyUndone);
  });

  it('a job run by two instances at once writes every row exactly once', async () => {
    await sql`delete from diary_entries where user_id = 'ann'`.execute(db.db);
    await sql`delete from ratings where user_id = 'ann'`.execute(db.db);
    await sql`delete from watch_status where user_id = 'ann'`.execute(db.db);
    // A queue that takes the job and never runs it: the two instances below run it themselves.
    const held = () =>
      ({ start: async () => {}, send: async () => {}, stop: async () => {} }) as unknown as ImportQueue;
    const a = service({ queue: held, stepRows: 7 });
    const b = service({ queue: held, stepRows: 7 });
    const p = await a.preview('ann', diary, 'diary.csv');
    const job = await a.start('ann', { preview_id: p.preview_id, picks: {} });
    await Promise.all([
      a.runJob(job.job_id, false),
      b.runJob(job.job_id, false),
      a.runJob(job.job_id, false),
    ]);
    const done = await b.job('ann', job.job_id);
    expect(done).toMatchObject({
      state: 'done',
      done: job.total,
      added: { diary: 120, ratings: 60, watched: 60 },
    });
    expect(await count('diary_entries', 'ann')).toBe(120);
    expect(await count('ratings', 'ann')).toBe(60);
    // One row per step, each step once: the checkpoint moved exactly as many times.
    const steps = await sql<{ n: number; s: number }>`
      select count(*)::int as n, (select step from import_jobs where id = ${job.job_id}) as s
      from import_job_steps where job_id = ${job.job_id}`.execute(db.db);
    expect(steps.rows[0]!.n).toBe(steps.rows[0]!.s);
    expect(steps.rows[0]!.n).toBe(Math.ceil(60 / 7) * 3 + Math.ceil(120 / 7));
  });

  it('a job whose instance stops answering is taken over through the queue (pg-boss) and finished once', async () => {
    await sql`delete from diary_entries where user_id = 'cat'`.execute(db.db);
    const times = { pollSeconds: 0.5, leaseSeconds: 1, maintenanceSeconds: 1 };
    let taken: (id: string) => void;
    const takenBy = new Promise<string>((r) => (taken = r));
    // Instance A takes the job and hangs, then takes no more, as a process killed mid-job would.
    let queueA: ImportQueue | undefined;
    const a = service({
      queue: (_run, giveUp) =>
        (queueA = new ImportQueue(
          db.queue!,
          times,
          (id) => {
            taken(id);
            return new Promise<void>(() => {});
          },
          log,
          giveUp,
        )),
      stepRows: 10,
    });
    await a.startQueue();
    const p = await a.preview('cat', diary, 'diary.csv');
    const job = await a.start('cat', { preview_id: p.preview_id, picks: {} });
    expect(await takenBy).toBe(job.job_id);
    void queueA!.stopTaking();
    // B works the same queue: once A's lease runs out, the job is B's.
    const b = service({
      queue: (run, giveUp) => new ImportQueue(db.queue!, times, run, log, giveUp),
      stepRows: 10,
    });
    await b.startQueue();
    await b.settled(job.job_id, 60_000);
    expect(await b.job('cat', job.job_id)).toMatchObject({ state: 'done', added: { diary: 120 } });
    expect(await count('diary_entries', 'cat')).toBe(120);
  }, 90_000);
});
