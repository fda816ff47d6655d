import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/helpers/db';
import type { Database } from '../db/database';
import { SESSION_EXPIRED } from '../modules/identity/auth-guard';
import { MESSAGES } from '../modules/library/library.service';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, mapDatabaseError } from './db-errors';
import { ConflictError, NotFoundError, ServiceUnavailableError, UnauthorizedError } from './errors';

/** The errors the database really raises when a check loses a race, and what the client gets. */
describe.each(DATABASES)('database errors on $name', ({ open }) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
    await db.db
      .insertInto('movies')
      .values({ tmdb_id: 1, title: 'One', overview: '', vote_average: 1 } as never)
      .execute();
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
              values ('u1', 'U', 'u1@example.com', true, now(), now())`.execute(db.db);
  });
  afterAll(() => db.close());

  const failure = async (q: Promise<unknown>) => {
    try {
      await q;
    } catch (err) {
      return err;
    }
    throw new Error('the statement did not fail');
  };

  it('a write for a playlist that is gone is 404 Playlist not found', async () => {
    const err = await failure(
      db.db.insertInto('playlist_movies').values({ playlist_id: 999_999, tmdb_id: 1 }).execute(),
    );
    const mapped = mapDatabaseError(err);
    expect(mapped).toBeInstanceOf(NotFoundError);
    expect(mapped!.message).toBe(MESSAGES.playlistNotFound);
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('a write for an account that is gone is 401 Session expired', async () => {
    const err = await failure(db.db.insertInto('likes').values({ user_id: 'deleted', tmdb_id: 1 }).execute());
    const mapped = mapDatabaseError(err);
    expect(mapped).toBeInstanceOf(UnauthorizedError);
    expect(mapped!.message).toBe(SESSION_EXPIRED);
  });

  it('a unique violation is 409', async () => {
    await db.db.insertInto('likes').values({ user_id: 'u1', tmdb_id: 1 }).execute();
    const err = await failure(db.db.insertInto('likes').values({ user_id: 'u1', tmdb_id: 1 }).execute());
    expect(mapDatabaseError(err)).toBeInstanceOf(ConflictError);
  });

  it('any other database error stays unmapped (a 500)', async () => {
    const err = await failure(sql`select * from no_such_table`.execute(db.db));
    expect(mapDatabaseError(err)).toBeNull();
  });
});

describe('an unreachable database', () => {
  it('is told apart from a refused query', async () => {
    const { openDatabase } = await import('../db/database');
    // Nothing listens on port 9 (discard): the connection is refused at once.
    const down = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/none', connectTimeoutMs: 500 });
    try {
      const started = Date.now();
      const err = await sql`select 1`.execute(down.db).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(5_000); // far below a hang, with room for a loaded machine
      expect(isDatabaseUnavailable(err)).toBe(true);
      const mapped = mapDatabaseError(err);
      expect(mapped).toBeInstanceOf(ServiceUnavailableError);
      expect(mapped!.message).toBe(DATABASE_UNAVAILABLE);
    } finally {
      await down.close();
    }
  });
});
