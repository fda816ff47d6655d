import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

import type { SignalKind } from '@app/contracts/signals';

export type { SignalKind };

/** One piece of implicit feedback for the recommender. */
export interface Signal {
  /** Better Auth's opaque user id: nothing else about the user leaves the database. */
  user: string;
  item: number;
  /** Unix seconds. */
  timestamp: number;
  kind: SignalKind;
  /** Only on 'rated': the half-star rating, 0.5–5. */
  rating?: number;
}

type Row = { tmdb_id: number; at: Date; kind: SignalKind; rating: number | null };
const toSignal = (user: string, r: Row): Signal => ({
  user,
  item: r.tmdb_id,
  timestamp: Math.floor(new Date(r.at).getTime() / 1000),
  kind: r.kind,
  ...(r.rating !== null ? { rating: Number(r.rating) } : {}),
});

/**
 * The product's feedback for the recommender: one row per like, watch status (watched or want to
 * watch), playlist entry, rating (with its value) and diary entry (at its day), in a stable order (so the same library gives the same bytes
 * and the same ETag). The recommender fetches it over HTTP (`GET /api/internal/signals`).
 */
export async function readSignals(db: Kysely<DatabaseSchema>): Promise<Signal[]> {
  const { rows } = await sql<Row & { user_id: string }>`
    select user_id, tmdb_id, created_at as at, 'like' as kind, null::float8 as rating from likes
    union all select user_id, tmdb_id, updated_at, status, null from watch_status
    union all select p.user_id, pm.tmdb_id, pm.added_at, 'playlist', null from playlist_movies pm join playlists p on p.id = pm.playlist_id
    union all select user_id, tmdb_id, updated_at, 'rated', rating::float8 from ratings
    union all select user_id, tmdb_id, watched_on::timestamp at time zone 'UTC', 'diary', null from diary_entries
    order by 1, 2, 4, 3, 5`.execute(db);
  return rows.map((r) => toSignal(r.user_id, r));
}

/** One user's signals, newest first (the seeds of their "for you" row). */
export async function readUserSignals(db: Kysely<DatabaseSchema>, userId: string): Promise<Signal[]> {
  const { rows } = await sql<Row>`
    select tmdb_id, created_at as at, 'like' as kind, null::float8 as rating from likes where user_id = ${userId}
    union all select tmdb_id, updated_at, status, null from watch_status where user_id = ${userId}
    union all select pm.tmdb_id, pm.added_at, 'playlist', null from playlist_movies pm
      join playlists p on p.id = pm.playlist_id where p.user_id = ${userId}
    union all select tmdb_id, updated_at, 'rated', rating::float8 from ratings where user_id = ${userId}
    union all select tmdb_id, watched_on::timestamp at time zone 'UTC', 'diary', null from diary_entries
      where user_id = ${userId}
    order by 2 desc, 1, 3`.execute(db);
  return rows.map((r) => toSignal(userId, r));
}
