import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/helpers/db';
import { exportSignals, signalsFile } from './signals-export';

describe.each(DATABASES)('signals export on $name', ({ open }) => {
  it('writes one line per like, watch status and playlist entry', async () => {
    const db = await open();
    try {
      await db.db
        .insertInto('user')
        .values({ id: 'u1', name: 'U', email: 'u@x.y', emailVerified: true, image: null } as never)
        .execute();
      for (const id of [155, 238])
        await db.db
          .insertInto('movies')
          .values({ tmdb_id: id, title: `M${id}`, vote_average: 7 } as never)
          .execute();
      await db.db.insertInto('likes').values({ user_id: 'u1', tmdb_id: 155 }).execute();
      await db.db
        .insertInto('watch_status')
        .values({ user_id: 'u1', tmdb_id: 238, status: 'watched' })
        .execute();
      const p = await db.db
        .insertInto('playlists')
        .values({ user_id: 'u1', name: 'P' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.db.insertInto('playlist_movies').values({ playlist_id: p.id, tmdb_id: 238 }).execute();
      const dir = mkdtempSync(join(tmpdir(), 'signals-'));
      expect(await exportSignals(db.db, dir)).toBe(3);
      const lines = readFileSync(signalsFile(dir), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => `${l.user}:${l.item}`).sort()).toEqual(['u1:155', 'u1:238', 'u1:238']);
      expect(lines.every((l) => Number.isInteger(l.timestamp) && l.timestamp > 1_600_000_000)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
