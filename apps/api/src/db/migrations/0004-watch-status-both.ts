import { sql, type Kysely } from 'kysely';

/**
 * Watched and want-to-watch become independent (spec: "Setting watched is independent of the
 * watchlist"): a movie may hold both, one row per status. The key widens from (user, movie) to
 * (user, movie, status); every existing row already satisfies the wider key, so no data moves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table watch_status
    drop constraint watch_status_pkey,
    add primary key (user_id, tmdb_id, status)`.execute(db);
}

/** Back to one status per movie: where a movie holds both, the most recently set one is kept. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from watch_status w using watch_status newer
    where newer.user_id = w.user_id and newer.tmdb_id = w.tmdb_id and newer.status <> w.status
      and (newer.updated_at, newer.status) > (w.updated_at, w.status)`.execute(db);
  await sql`alter table watch_status
    drop constraint watch_status_pkey,
    add primary key (user_id, tmdb_id)`.execute(db);
}
