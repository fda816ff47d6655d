import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** What the user did with a film: a like, a watched mark, a playlist entry, or "want to watch". */
export type SignalKind = 'like' | 'watched' | 'want_to_watch' | 'playlist';

/** One piece of implicit feedback for the recommender. */
export interface Signal {
  /** Better Auth's opaque user id: nothing else about the user leaves the database. */
  user: string;
  item: number;
  /** Unix seconds. */
  timestamp: number;
  kind: SignalKind;
}

/**
 * The product's implicit feedback for the recommender: one row per like, watch status (watched or
 * want to watch) and playlist entry, in a stable order (so the same library gives the same bytes
 * and the same ETag). The recommender fetches it over HTTP (`GET /api/internal/signals`).
 */
export async function readSignals(db: Kysely<DatabaseSchema>): Promise<Signal[]> {
  const { rows } = await sql<{ user_id: string; tmdb_id: number; at: Date; kind: SignalKind }>`
    select user_id, tmdb_id, created_at as at, 'like' as kind from likes
    union all select user_id, tmdb_id, updated_at, status from watch_status
    union all select p.user_id, pm.tmdb_id, pm.added_at, 'playlist' from playlist_movies pm join playlists p on p.id = pm.playlist_id
    order by 1, 2, 4, 3`.execute(db);
  return rows.map((r) => ({
    user: r.user_id,
    item: r.tmdb_id,
    timestamp: Math.floor(new Date(r.at).getTime() / 1000),
    kind: r.kind,
  }));
}

/** One user's signals, newest first (the seeds of their "for you" row). */
export async function readUserSignals(db: Kysely<DatabaseSchema>, userId: string): Promise<Signal[]> {
  const { rows } = await sql<{ tmdb_id: number; at: Date; kind: SignalKind }>`
    select tmdb_id, created_at as at, 'like' as kind from likes where user_id = ${userId}
    union all select tmdb_id, updated_at, status from watch_status where user_id = ${userId}
    union all select pm.tmdb_id, pm.added_at, 'playlist' from playlist_movies pm
      join playlists p on p.id = pm.playlist_id where p.user_id = ${userId}
    order by 2 desc, 1`.execute(db);
  return rows.map((r) => ({
    user: userId,
    item: r.tmdb_id,
    timestamp: Math.floor(new Date(r.at).getTime() / 1000),
    kind: r.kind,
  }));
}
