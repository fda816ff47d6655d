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
    const signals = await readSignals(db.db);
    expect(signals.map((s) => `${s.user}:${s.item}:${s.kind}`)).toEqual([
      'u1:155:like',
      'u1:238:playlist',
      'u1:238:watched',
      'u1:550:want_to_watch',
    ]);
    expect(signals.every((s) => Number.isInteger(s.timestamp) && s.timestamp > 1_600_000_000)).toBe(true);
    expect(await readSignals(db.db)).toEqual(signals);
    expect((await readUserSignals(db.db, 'u1')).map((s) => s.item)).toEqual(
      expect.arrayContaining([155, 238, 550]),
    );
    expect(await readUserSignals(db.db, 'nobody')).toEqual([]);
  });
});
