import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema, MoviesTable } from '../../db/schema';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;
export type WatchStatusValue = 'watched' | 'want_to_watch';

/** The facts a library write copies from the movie source (the movies table minus timestamps). */
export type MovieFactsRow = Omit<Insertable<MoviesTable>, 'created_at' | 'updated_at'>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** All SQL of the personal library. Only this file touches its tables. */
export class LibraryRepository {
  constructor(readonly db: Kysely<DatabaseSchema>) {}

  transaction<T>(fn: (trx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async userExists(userId: string): Promise<boolean> {
    return !!(await this.db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst());
  }

  async movieExists(tmdbId: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom('movies')
      .select('tmdb_id')
      .where('tmdb_id', '=', tmdbId)
      .executeTakeFirst());
  }

  async insertMovie(db: Db, m: MovieFactsRow): Promise<void> {
    await db
      .insertInto('movies')
      .values(m)
      .onConflict((oc) => oc.column('tmdb_id').doNothing())
      .execute();
  }

  // Likes
  async insertLike(db: Db, userId: string, tmdbId: number): Promise<number | undefined> {
    const row = await db
      .insertInto('likes')
      .values({ user_id: userId, tmdb_id: tmdbId })
      .onConflict((oc) => oc.columns(['user_id', 'tmdb_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async deleteLike(userId: string, tmdbId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('likes')
      .where('user_id', '=', userId)
      .where('tmdb_id', '=', tmdbId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async listLikes(userId: string) {
    const rows = await this.db
      .selectFrom('likes as l')
      .innerJoin('movies as m', 'm.tmdb_id', 'l.tmdb_id')
      .select([
        'l.id as like_id',
        'l.created_at',
        'm.tmdb_id',
        'm.title',
        'm.overview',
        'm.poster_path',
        'm.vote_average',
      ])
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .execute();
    return rows.map(({ created_at, ...r }) => ({
      ...r,
      id: r.tmdb_id,
      movie_id: r.tmdb_id,
      vote_average: Number(r.vote_average),
      liked_at: iso(created_at),
    }));
  }

  // Playlists
  async createPlaylist(userId: string, name: string) {
    const row = await this.db
      .insertInto('playlists')
      .values({ user_id: userId, name })
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirstOrThrow();
    return { playlist_id: row.id, name: row.name, created_at: iso(row.created_at) };
  }

  async findPlaylistOwner(playlistId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('playlists')
      .select('user_id')
      .where('id', '=', playlistId)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** The user's playlists; with `tmdbId`, each also says whether it holds that movie. */
  async listPlaylists(userId: string, tmdbId?: number) {
    const rows = await this.db
      .selectFrom('playlists as p')
      .leftJoin('playlist_movies as pm', 'pm.playlist_id', 'p.id')
      .select([
        'p.id',
        'p.name',
        'p.created_at',
        sql<number>`count(pm.tmdb_id)::int`.as('movie_count'),
        sql<boolean>`coalesce(bool_or(pm.tmdb_id = ${tmdbId ?? null}::int), false)`.as('contains_movie'),
      ])
      .where('p.user_id', '=', userId)
      .groupBy(['p.id', 'p.name', 'p.created_at'])
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
    return rows.map((r) => ({
      playlist_id: r.id,
      name: r.name,
      created_at: iso(r.created_at),
      movie_count: Number(r.movie_count),
      ...(tmdbId !== undefined ? { contains_movie: !!r.contains_movie } : {}),
    }));
  }

  async renamePlaylist(playlistId: number, userId: string, name: string) {
    const row = await this.db
      .updateTable('playlists')
      .set({ name })
      .where('id', '=', playlistId)
      .where('user_id', '=', userId)
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirst();
    return row && { playlist_id: row.id, name: row.name, created_at: iso(row.created_at) };
  }

  async deletePlaylist(playlistId: number, userId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('playlists')
      .where('id', '=', playlistId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async addToPlaylist(db: Db, playlistId: number, tmdbId: number): Promise<boolean> {
    const row = await db
      .insertInto('playlist_movies')
      .values({ playlist_id: playlistId, tmdb_id: tmdbId })
      .onConflict((oc) => oc.columns(['playlist_id', 'tmdb_id']).doNothing())
      .returning('tmdb_id')
      .executeTakeFirst();
    return !!row;
  }

  async removeFromPlaylist(playlistId: number, tmdbId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('playlist_movies')
      .where('playlist_id', '=', playlistId)
      .where('tmdb_id', '=', tmdbId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async listPlaylistMovies(playlistId: number) {
    const rows = await this.db
      .selectFrom('playlist_movies as pm')
      .innerJoin('movies as m', 'm.tmdb_id', 'pm.tmdb_id')
      .select(['pm.added_at', 'm.tmdb_id', 'm.title', 'm.overview', 'm.poster_path', 'm.vote_average'])
      .where('pm.playlist_id', '=', playlistId)
      .orderBy('pm.added_at', 'desc')
      .orderBy('m.tmdb_id')
      .execute();
    return rows.map(({ added_at, ...r }) => ({
      ...r,
      id: r.tmdb_id,
      movie_id: r.tmdb_id,
      vote_average: Number(r.vote_average),
      added_at: iso(added_at),
    }));
  }

  // Watch status: watched and want_to_watch are independent rows (migration 0004).
  /** Sets one status; setting one the movie already holds changes nothing (false). */
  async addWatchStatus(db: Db, userId: string, tmdbId: number, status: WatchStatusValue): Promise<boolean> {
    const row = await db
      .insertInto('watch_status')
      .values({ user_id: userId, tmdb_id: tmdbId, status })
      .onConflict((oc) => oc.columns(['user_id', 'tmdb_id', 'status']).doNothing())
      .returning('status')
      .executeTakeFirst();
    return !!row;
  }

  /** Clears one status, or both when `status` is not given; false when there was none to clear. */
  async deleteWatchStatus(
    userId: string,
    tmdbId: number,
    status?: WatchStatusValue,
    db: Db = this.db,
  ): Promise<boolean> {
    let q = db.deleteFrom('watch_status').where('user_id', '=', userId).where('tmdb_id', '=', tmdbId);
    if (status) q = q.where('status', '=', status);
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Whether the user logged a viewing of the movie (then it stays watched: decisions/0013). */
  async hasDiaryEntries(userId: string, tmdbId: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom('diary_entries')
      .select('id')
      .where('user_id', '=', userId)
      .where('tmdb_id', '=', tmdbId)
      .executeTakeFirst());
  }

  async listWatchStatus(userId: string) {
    const rows = await this.db
      .selectFrom('watch_status as w')
      .innerJoin('movies as m', 'm.tmdb_id', 'w.tmdb_id')
      .select(['w.status', 'w.updated_at', 'm.tmdb_id', 'm.title', 'm.vote_average', 'm.poster_path'])
      .where('w.user_id', '=', userId)
      .orderBy('w.updated_at', 'desc')
      .orderBy('m.tmdb_id')
      .execute();
    return rows.map(({ updated_at, ...r }) => ({
      ...r,
      vote_average: Number(r.vote_average),
      updated_at: iso(updated_at),
    }));
  }

  // Recently visited
  async logVisit(db: Db, userId: string, tmdbId: number, keep: number) {
    await db
      .insertInto('recently_visited')
      .values({ user_id: userId, tmdb_id: tmdbId, visited_at: sql`clock_timestamp()` })
      .onConflict((oc) =>
        oc.columns(['user_id', 'tmdb_id']).doUpdateSet({ visited_at: sql`clock_timestamp()` }),
      )
      .execute();
    // Only the most recent visits are ever shown: keep the table bounded per user.
    await this.pruneVisits(db, userId, keep);
  }

  /** Removes one movie from the user's recently visited; false if it was not there. */
  async removeVisit(userId: string, tmdbId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('recently_visited')
      .where('user_id', '=', userId)
      .where('tmdb_id', '=', tmdbId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Empties the user's recently visited. */
  async clearVisits(userId: string): Promise<void> {
    await this.db.deleteFrom('recently_visited').where('user_id', '=', userId).execute();
  }

  /**
   * Puts visits back as they were (an undo): each at its own time, never later than now, and a
   * movie visited again since keeps its newer time. Movies unknown to the database are skipped
   * (an undo only puts back what was listed). The list stays bounded.
   */
  async restoreVisits(
    db: Db,
    userId: string,
    visits: readonly { tmdb_id: number; visited_at: string }[],
    keep: number,
  ) {
    if (visits.length === 0) return;
    const known = new Set(
      (
        await db
          .selectFrom('movies')
          .select('tmdb_id')
          .where(
            'tmdb_id',
            'in',
            visits.map((v) => v.tmdb_id),
          )
          .execute()
      ).map((r) => r.tmdb_id),
    );
    const rows = visits
      .filter((v) => known.has(v.tmdb_id))
      .map((v) => ({
        user_id: userId,
        tmdb_id: v.tmdb_id,
        visited_at: sql<Date>`least(${new Date(v.visited_at).toISOString()}::timestamptz, clock_timestamp())`,
      }));
    if (rows.length === 0) return;
    await db
      .insertInto('recently_visited')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['user_id', 'tmdb_id']).doUpdateSet({
          visited_at: sql`greatest(recently_visited.visited_at, excluded.visited_at)`,
        }),
      )
      .execute();
    await this.pruneVisits(db, userId, keep);
  }

  private async pruneVisits(db: Db, userId: string, keep: number) {
    await db
      .deleteFrom('recently_visited')
      .where('user_id', '=', userId)
      .where(
        'tmdb_id',
        'not in',
        db
          .selectFrom('recently_visited')
          .select('tmdb_id')
          .where('user_id', '=', userId)
          .orderBy('visited_at', 'desc')
          .limit(keep),
      )
      .execute();
  }

  async listRecentlyVisited(userId: string, limit: number) {
    const rows = await this.db
      .selectFrom('recently_visited as r')
      .innerJoin('movies as m', 'm.tmdb_id', 'r.tmdb_id')
      .select(['r.visited_at', 'm.tmdb_id', 'm.title', 'm.vote_average', 'm.poster_path'])
      .where('r.user_id', '=', userId)
      .orderBy('r.visited_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(({ visited_at, ...r }) => ({
      ...r,
      vote_average: Number(r.vote_average),
      visited_at: iso(visited_at),
    }));
  }
}
