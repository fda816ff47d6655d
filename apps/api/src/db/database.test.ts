import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/helpers/db';
import { expectTransactionsIsolated } from '../../test/helpers/transactions';
import { migrateToLatest, openDatabase, schemaIsCurrent } from './database';
import { migrations } from './migrations/index';

describe('schema check on an empty embedded database', () => {
  it('is not current before the first migration, and is after it', async () => {
    const db = await openDatabase();
    try {
      expect(await schemaIsCurrent(db.db)).toBe(false);
      expect(await migrateToLatest(db.db)).toEqual(Object.keys(migrations));
      expect(await schemaIsCurrent(db.db)).toBe(true);
      expect(await migrateToLatest(db.db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe.each(DATABASES)('database schema on $name', ({ open }) => {
  it('is migrated, and migrating again changes nothing', async () => {
    const db = await open();
    try {
      expect(await migrateToLatest(db.db)).toEqual([]);
      const tables = await sql<{ table_name: string }>`
        select table_name from information_schema.tables where table_schema = 'public'`.execute(db.db);
      expect(tables.rows.map((r) => r.table_name)).toContain('movies');
    } finally {
      await db.close();
    }
  });

  it('knows in one check whether the schema is current, and migrates when it is not', async () => {
    const db = await open();
    const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => migrations } });
    try {
      expect(await schemaIsCurrent(db.db)).toBe(true);
      expect((await migrator.migrateTo('0003-library')).error).toBeUndefined();
      expect(await schemaIsCurrent(db.db)).toBe(false);
      const later = Object.keys(migrations).filter((n) => n > '0003-library');
      expect(await migrateToLatest(db.db)).toEqual(later);
      expect(await schemaIsCurrent(db.db)).toBe(true);
      // A migration this build does not know (a newer build ran here): not current, and the
      // migrator refuses as it always did instead of the check hiding it.
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01')`.execute(
        db.db,
      );
      expect(await schemaIsCurrent(db.db)).toBe(false);
      await expect(migrateToLatest(db.db)).rejects.toThrow();
      await sql`delete from kysely_migration where name = '9999-from-the-future'`.execute(db.db);
    } finally {
      await db.close();
    }
  });

  it('applies a migration that landed after later ones (0010 after 0011 and 0012)', async () => {
    const db = await open();
    try {
      // A database migrated while main held 0011 and 0012 but not yet 0010.
      const { '0010-import-previews-and-jobs': m0010, ...without } = migrations;
      await m0010!.down!(db.db);
      await sql`delete from kysely_migration where name = '0010-import-previews-and-jobs'`.execute(db.db);
      expect(Object.keys(without)).toContain('0012-settings-country');
      expect(await schemaIsCurrent(db.db)).toBe(false);
      expect(await migrateToLatest(db.db)).toEqual(['0010-import-previews-and-jobs']);
      expect(await schemaIsCurrent(db.db)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('0004 keeps existing watch statuses and lets a movie be watched and on the watchlist', async () => {
    const db = await open();
    const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => migrations } });
    try {
      // The schema as it was before 0004, holding a user's data.
      expect((await migrator.migrateTo('0003-library')).error).toBeUndefined();
      await sql`insert into "user" (id, name, email, "emailVerified") values ('u1', 'U', 'u@example.com', true)`.execute(
        db.db,
      );
      await sql`insert into movies (tmdb_id, title, vote_average) values (155, 'A', 8), (238, 'B', 8)`.execute(
        db.db,
      );
      await sql`insert into watch_status (user_id, tmdb_id, status) values ('u1', 155, 'watched'), ('u1', 238, 'want_to_watch')`.execute(
        db.db,
      );
      await expect(
        sql`insert into watch_status (user_id, tmdb_id, status) values ('u1', 155, 'want_to_watch')`.execute(
          db.db,
        ),
      ).rejects.toThrow();

      expect(await migrateToLatest(db.db)).toContain('0004-watch-status-both');
      const rows = async () =>
        (
          await sql<{ tmdb_id: number; status: string }>`
            select tmdb_id, status from watch_status order by tmdb_id, status`.execute(db.db)
        ).rows;
      expect(await rows()).toEqual([
        { tmdb_id: 155, status: 'watched' },
        { tmdb_id: 238, status: 'want_to_watch' },
      ]);
      // Both statuses now; the same one twice is still refused.
      await sql`insert into watch_status (user_id, tmdb_id, status, updated_at) values ('u1', 155, 'want_to_watch', now() + interval '1 minute')`.execute(
        db.db,
      );
      await expect(
        sql`insert into watch_status (user_id, tmdb_id, status) values ('u1', 155, 'watched')`.execute(db.db),
      ).rejects.toThrow();

      // Down again: one status per movie, the most recently set one kept.
      expect((await migrator.migrateTo('0003-library')).error).toBeUndefined();
      expect(await rows()).toEqual([
        { tmdb_id: 155, status: 'want_to_watch' },
        { tmdb_id: 238, status: 'want_to_watch' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('0006 renames duplicate playlist names (ignoring case, the oldest keeps its own) and refuses new ones', async () => {
    const db = await open();
    const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => migrations } });
    try {
      expect((await migrator.migrateTo('0005-ratings-diary-sharing')).error).toBeUndefined();
      await sql`insert into "user" (id, name, email, "emailVerified") values
        ('u1', 'U', 'u@example.com', true), ('u2', 'V', 'v@example.com', true)`.execute(db.db);
      // u1: three "Favorites" in any case, and a "Favorites (2)" already taken; u2 has its own.
      for (const [user, name] of [
        ['u1', 'Favorites'],
        ['u1', 'favorites'],
        ['u1', 'Favorites (2)'],
        ['u1', 'FAVORITES'],
        ['u1', 'Other'],
        ['u2', 'Favorites'],
        ['u1', 'x'.repeat(100)],
        ['u1', 'X'.repeat(100)],
      ])
        await sql`insert into playlists (user_id, name) values (${user}, ${name})`.execute(db.db);

      expect(await migrateToLatest(db.db)).toContain('0006-playlist-names-unique');
      const names = async (user: string) =>
        (
          await sql<{ name: string }>`select name from playlists where user_id = ${user} order by id`.execute(
            db.db,
          )
        ).rows.map((r) => r.name);
      expect(await names('u1')).toEqual([
        'Favorites',
        'favorites (3)',
        'Favorites (2)',
        'FAVORITES (4)',
        'Other',
        'x'.repeat(100),
        `${'X'.repeat(96)} (2)`,
      ]);
      expect(await names('u2')).toEqual(['Favorites']);
      await expect(
        sql`insert into playlists (user_id, name) values ('u1', 'OTHER')`.execute(db.db),
      ).rejects.toThrow();
      await sql`insert into playlists (user_id, name) values ('u2', 'Other')`.execute(db.db);
    } finally {
      await db.close();
    }
  });

  it('enforces the movies constraints', async () => {
    const db = await open();
    try {
      await db.db
        .insertInto('movies')
        .values({ tmdb_id: 155, title: 'The Dark Knight', vote_average: 8.3 } as never)
        .execute();
      await expect(
        db.db
          .insertInto('movies')
          .values({ tmdb_id: 155, title: 'Again', vote_average: 1 } as never)
          .execute(),
      ).rejects.toThrow();
      await expect(
        db.db
          .insertInto('movies')
          .values({ tmdb_id: -1, title: 'Negative', vote_average: 1 } as never)
          .execute(),
      ).rejects.toThrow();
      const rows = await db.db.selectFrom('movies').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.created_at).toBeInstanceOf(Date);
    } finally {
      await db.close();
    }
  });

  it('runs transactions one at a time and rolls back on error', async () => {
    const db = await open();
    try {
      await expectTransactionsIsolated(db);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connection pool', () => {
  it('survives the server dropping an idle connection, and reports it', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const dropped: Error[] = [];
    const db = await openDatabase({ url, maxConnections: 1, onConnectionError: (err) => dropped.push(err) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.db)).rows[0]!.pid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await expect.poll(() => dropped.length).toBe(1);
      expect(dropped[0]!.message).toMatch(/terminating connection/);
      // The pool opens a new connection for the next query.
      const again = await sql<{ one: number }>`select 1 as one`.execute(db.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await admin.end();
      await db.close();
    }
  });

  it('survives the server dropping a connection in use: the query fails as "unavailable", the next one works', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const dropped: Error[] = [];
    const db = await openDatabase({ url, maxConnections: 1, onConnectionError: (err) => dropped.push(err) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.db)).rows[0]!.pid;
      // The connection is checked out, mid-transaction, when the server terminates it.
      const inFlight = db.db
        .transaction()
        .execute((trx) => sql`select pg_sleep(5)`.execute(trx))
        .then(
          () => null,
          (err: unknown) => err,
        );
      await expect
        .poll(
          async () =>
            (await admin.query(`select state from pg_stat_activity where pid = $1`, [pid])).rows[0]?.state,
        )
        .toBe('active');
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const err = await inFlight;
      expect(isDatabaseUnavailable(err)).toBe(true);
      await expect.poll(() => dropped.length).toBeGreaterThanOrEqual(1);
      const again = await sql<{ one: number }>`select 1 as one`.execute(db.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await admin.end();
      await db.close();
    }
  });
});
