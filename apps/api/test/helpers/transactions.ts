import { expect } from 'vitest';
import type { Database } from '../../src/db/database';

/**
 * The one transaction contract every embedded or server database keeps: a failed transaction
 * leaves nothing, and concurrent ones each commit (one at a time on PGlite's one connection).
 * The `movies` table must be empty of ids 1–4.
 */
export async function expectTransactionsIsolated(db: Database): Promise<void> {
  await expect(
    db.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('movies')
        .values({ tmdb_id: 1, title: 'A', vote_average: 1 } as never)
        .execute();
      throw new Error('abort');
    }),
  ).rejects.toThrow('abort');
  await Promise.all(
    [2, 3, 4].map((id) =>
      db.db.transaction().execute((trx) =>
        trx
          .insertInto('movies')
          .values({ tmdb_id: id, title: `M${id}`, vote_average: 1 } as never)
          .execute(),
      ),
    ),
  );
  const ids = (await db.db.selectFrom('movies').select('tmdb_id').orderBy('tmdb_id').execute()).map(
    (r) => r.tmdb_id,
  );
  expect(ids).toEqual([2, 3, 4]);
}
