import { sql, type Kysely } from 'kysely';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSchema } from '../../db/schema';

export const signalsFile = (dataDir: string) => join(dataDir, 'signals', 'signals.jsonl');

/**
 * The product's implicit feedback for the recommender: one JSON line per (user, movie, time) from
 * likes, watch status and playlist entries. Written atomically into DATA_DIR, where
 * `npm run recommender:train` reads it (the embedded database cannot be opened by a second process).
 * User ids are Better Auth's opaque ids; nothing else about the user leaves the database.
 */
export async function exportSignals(db: Kysely<DatabaseSchema>, dataDir: string): Promise<number> {
  const { rows } = await sql<{ user_id: string; tmdb_id: number; at: Date }>`
    select user_id, tmdb_id, created_at as at from likes
    union all select user_id, tmdb_id, updated_at from watch_status
    union all select p.user_id, pm.tmdb_id, pm.added_at from playlist_movies pm join playlists p on p.id = pm.playlist_id`.execute(
    db,
  );
  const file = signalsFile(dataDir);
  mkdirSync(join(dataDir, 'signals'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(
    tmp,
    rows
      .map((r) =>
        JSON.stringify({
          user: r.user_id,
          item: r.tmdb_id,
          timestamp: Math.floor(new Date(r.at).getTime() / 1000),
        }),
      )
      .join('\n') + (rows.length ? '\n' : ''),
  );
  renameSync(tmp, file);
  return rows.length;
}
