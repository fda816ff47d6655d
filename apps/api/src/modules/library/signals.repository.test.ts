import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/helpers/db';
import type { Database } from '../../db/database';
import { readSignals, readUserSignals } from './signals.repository';

describe.each(DATABASES)('signals for the recommender on $name', ({ open }) => {
  // Opening a fresh database is the slow part: a hook, with the hook's longer timeout.
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('one row per like, watch status (with its kind) and playlist entry, in a stable order', async () => {
    await db.db
      .insertInto('user')
      .values({ id: 'u1', name: 'U', email: 'u@x.y', emailVerified: true, image: null } as never)
      .execute();
    for (const id of [155, 238, 550])
      await db.db
        .insertInto('movies')
        .values({ tmdb_id: id, title: `M${id}`, vote_average: 7 } as never)
        .execute();
    await db.db.insertInto('likes').values({ user_id: 'u1', tmdb_id: 155 }).execute();
    await db.db
      .insertInto('watch_status')
      .values([
        { user_id: 'u1', tmdb_id: 238, status: 'watched' },
        { user_id: 'u1', tmdb_id: 550, status: 'want_to_watch' },
      ])
      .execute();
    const p = await db.db
      .insertInto('playlists')
      .values({ user_id: 'u1', name: 'P' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.db.insertInto('playlist_movies').values({ playlist_id: p.id, tmdb_id: 238 }).execute();
    await db.db.insertInto('ratings').values({ user_id: 'u1', tmdb_id: 238, rating: 4.5 }).execute();
    await db.db.insertInto('ratings').values({ user_id: 'u1', tmdb_id: 550, rating: 1 }).execute();
    await db.db
      .insertInto('diary_entries')
      .values([
        { user_id: 'u1', tmdb_id: 238, watched_on: '2020-02-29' },
        { user_id: 'u1', tmdb_id: 238, watched_on: '2021-03-01', rewatch: true },
      ])
      .execute();
    const signals = await readSignals(db.db);
    expect(signals.map((s) => `${s.user}:${s.item}:${s.kind}${s.rating ? `:${s.rating}` : ''}`)).toEqual([
      'u1:155:like',
      'u1:238:diary',
      'u1:238:diary',
      'u1:238:playlist',
      'u1:238:rated:4.5',
      'u1:238:watched',
      'u1:550:rated:1',
      'u1:550:want_to_watch',
    ]);
    // A viewing is dated at its day (midnight UTC), whatever the server's time zone.
    expect(signals.filter((s) => s.kind === 'diary').map((s) => s.timestamp)).toEqual([
      Date.UTC(2020, 1, 29) / 1000,
      Date.UTC(2021, 2, 1) / 1000,
    ]);
    expect(signals.every((s) => Number.isInteger(s.timestamp) && s.timestamp > 1_500_000_000)).toBe(true);
    expect(await readSignals(db.db)).toEqual(signals);
    expect((await readUserSignals(db.db, 'u1')).map((s) => s.item)).toEqual(
      expect.arrayContaining([155, 238, 550]),
    );
    expect(await readUserSignals(db.db, 'nobody')).toEqual([]);
  });
});
