import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { MovieFactsRow } from '../library/library.repository';

type Trx = Transaction<DatabaseSchema>;

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, and a progress step each. */
export const IMPORT_CHUNK = 500;

export interface PlannedRating {
  tmdbId: number;
  rating: number;
  review: string | null;
  /** The day the file says it was rated (YYYY-MM-DD): the rating's date here too. Null: now. */
  ratedOn: string | null;
}
export interface PlannedDiary {
  tmdbId: number;
  watchedOn: string;
  rewatch: boolean;
  tags?: string[];
}

/** The keys an import added, table by table (what its undo removes). */
export interface ImportKeys {
  likes: number[];
  watched: number[];
  watchlist: number[];
  ratings: number[];
  /** diary_entries ids */
  diary: number[];
  /** playlists the import created */
  playlists: number[];
  entries: { playlistId: number; ids: number[] }[];
}

/** What the user's library already holds of what an import could write (its preview counts against it). */
export interface HeldKeys {
  likes: Set<number>;
  watched: Set<number>;
  watchlist: Set<number>;
  /** Films with a rating (an import never overwrites one). */
  rated: Set<number>;
  /** `${tmdb_id}|${YYYY-MM-DD}` */
  diary: Set<string>;
  /** By a list's name as the import has it: the films of the playlist the import would add to (none: it would create one). */
  playlists: Map<string, Set<number>>;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/**
 * The import's writes, the export's reads and the public playlist lookups. Every import write is
 * `insert … on conflict do nothing`, so running the same import twice adds nothing; the returned
 * counts are the rows actually added.
 */
export class TransferRepository {
  constructor(readonly db: Kysely<DatabaseSchema>) {}

  /** One transaction for a whole import, holding the user's import lock (one import at a time). */
  importTransaction<T>(userId: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`cinelog-import:${userId}`}))`.execute(trx);
      // Years of imported history are not news: the rows write no activity (decision 0093).
      await sql`select set_config('cinelog.quiet_activity', 'on', true)`.execute(trx);
      return fn(trx);
    });
  }

  async insertMovies(trx: Trx, movies: MovieFactsRow[]): Promise<void> {
    if (movies.length === 0) return;
    await trx
      .insertInto('movies')
      .values(movies)
      .onConflict((oc) => oc.column('tmdb_id').doNothing())
      .execute();
  }

  /** Each insert answers the keys it actually added (what an undo removes). */
  async insertLikes(trx: Trx, userId: string, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await trx
      .insertInto('likes')
      .values(ids.map((tmdb_id) => ({ user_id: userId, tmdb_id })))
      .onConflict((oc) => oc.columns(['user_id', 'tmdb_id']).doNothing())
      .returning('tmdb_id')
      .execute();
    return rows.map((r) => r.tmdb_id);
  }

  async insertWatchStatus(
    trx: Trx,
    userId: string,
    ids: number[],
    status: 'watched' | 'want_to_watch',
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await trx
      .insertInto('watch_status')
      .values(ids.map((tmdb_id) => ({ user_id: userId, tmdb_id, status })))
      .onConflict((oc) => oc.columns(['user_id', 'tmdb_id', 'status']).doNothing())
      .returning('tmdb_id')
      .execute();
    return rows.map((r) => r.tmdb_id);
  }

  /** A rating already held is kept (the import fills in, never overwrites). */
  async insertRatings(trx: Trx, userId: string, ratings: PlannedRating[]): Promise<number[]> {
    if (ratings.length === 0) return [];
    const rows = await trx
      .insertInto('ratings')
      .values(
        ratings.map((r) => {
          // Noon UTC of the day: the same calendar day in every time zone a page shows it in.
          // Undated: the database's now, as every other row's time (an undo compares them with
          // the import's end by that clock; this instance's may be off: decision 0099).
          const at = r.ratedOn ? new Date(`${r.ratedOn}T12:00:00Z`) : sql<Date>`now()`;
          return {
            user_id: userId,
            tmdb_id: r.tmdbId,
            rating: r.rating,
            review: r.review,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .onConflict((oc) => oc.columns(['user_id', 'tmdb_id']).doNothing())
      .returning('tmdb_id')
      .execute();
    return rows.map((r) => r.tmdb_id);
  }

  async insertDiary(trx: Trx, userId: string, entries: PlannedDiary[]): Promise<number[]> {
    if (entries.length === 0) return [];
    const rows = await trx
      .insertInto('diary_entries')
      .values(
        entries.map((e) => ({
          user_id: userId,
          tmdb_id: e.tmdbId,
          watched_on: e.watchedOn,
          rewatch: e.rewatch,
          tags: e.tags ?? [],
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'tmdb_id', 'watched_on']).doNothing())
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The user's playlist of that name, ignoring case (names are unique so: decision 0066), created if there is none. */
  async playlistNamed(trx: Trx, userId: string, name: string): Promise<{ id: number; created: boolean }> {
    const found = await trx
      .selectFrom('playlists')
      .select('id')
      .where('user_id', '=', userId)
      .where(sql`lower(name)`, '=', sql`lower(${name})`)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (found) return { id: found.id, created: false };
    const row = await trx
      .insertInto('playlists')
      .values({ user_id: userId, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, created: true };
  }

  /**
   * The keys the user's library holds, for a preview (no transaction: the commit's inserts still
   * skip whatever is there by then). Playlists are found as `playlistNamed` finds them.
   */
  async held(userId: string, listNames: string[]): Promise<HeldKeys> {
    const [likes, statuses, rated, diary, entries] = await Promise.all([
      this.db.selectFrom('likes').select('tmdb_id').where('user_id', '=', userId).execute(),
      this.db
        .selectFrom('watch_status')
        .select(['tmdb_id', 'status'])
        .where('user_id', '=', userId)
        .execute(),
      this.db.selectFrom('ratings').select('tmdb_id').where('user_id', '=', userId).execute(),
      this.db
        .selectFrom('diary_entries')
        .select(['tmdb_id', sql<string>`to_char(watched_on, 'YYYY-MM-DD')`.as('on')])
        .where('user_id', '=', userId)
        .execute(),
      listNames.length === 0
        ? Promise.resolve([])
        : sql<{ name: string; tmdb_id: number | null }>`
            select l.name, pm.tmdb_id
            from (values ${sql.join(listNames.map((n) => sql`(${n}::text)`))}) as l(name)
            join lateral (
              select id from playlists
              where user_id = ${userId} and lower(name) = lower(l.name)
              order by id limit 1
            ) p on true
            left join playlist_movies pm on pm.playlist_id = p.id`
            .execute(this.db)
            .then((r) => r.rows),
    ]);
    const playlists = new Map<string, Set<number>>();
    for (const e of entries) {
      let films = playlists.get(e.name);
      if (!films) playlists.set(e.name, (films = new Set()));
      if (e.tmdb_id !== null) films.add(Number(e.tmdb_id));
    }
    return {
      likes: new Set(likes.map((r) => r.tmdb_id)),
      watched: new Set(statuses.filter((r) => r.status === 'watched').map((r) => r.tmdb_id)),
      watchlist: new Set(statuses.filter((r) => r.status === 'want_to_watch').map((r) => r.tmdb_id)),
      rated: new Set(rated.map((r) => r.tmdb_id)),
      diary: new Set(diary.map((r) => `${r.tmdb_id}|${r.on}`)),
      playlists,
    };
  }

  /**
   * Adds films to a playlist in the list's order: the playlist page shows the newest first, so the
   * first film gets the latest time (a millisecond apart each).
   */
  async addToPlaylist(trx: Trx, playlistId: number, ids: number[], offset: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await trx
      .insertInto('playlist_movies')
      .values(
        ids.map((tmdb_id, i) => ({
          playlist_id: playlistId,
          tmdb_id,
          added_at: sql`now() - make_interval(secs => ${(offset + i) / 1000}::float8)`,
        })),
      )
      .onConflict((oc) => oc.columns(['playlist_id', 'tmdb_id']).doNothing())
      .returning('tmdb_id')
      .execute();
    return rows.map((r) => r.tmdb_id);
  }

  /**
   * Removes exactly what one import added (its own keys, the user's rows only), in one transaction.
   * A row the user has set again since the import finished (`until`: a like after an unlike, a
   * rating changed) is theirs now and stays.
   */
  async undoImport(userId: string, added: ImportKeys, until: Date): Promise<void> {
    await this.importTransaction(userId, (trx) => this.removeKeys(trx, userId, added, until));
  }

  /** `undoImport`'s deletes, in the caller's transaction (a failed or undone job's: decision 0090). */
  async removeKeys(trx: Trx, userId: string, added: ImportKeys, until: Date): Promise<void> {
    {
      const ids = (a: number[]) => (a.length ? a : [-1]);
      await trx
        .deleteFrom('likes')
        .where('user_id', '=', userId)
        .where('tmdb_id', 'in', ids(added.likes))
        .where('created_at', '<=', until)
        .execute();
      for (const [status, list] of [
        ['watched', added.watched],
        ['want_to_watch', added.watchlist],
      ] as const)
        await trx
          .deleteFrom('watch_status')
          .where('user_id', '=', userId)
          .where('status', '=', status)
          .where('tmdb_id', 'in', ids(list))
          .where('updated_at', '<=', until)
          .execute();
      await trx
        .deleteFrom('ratings')
        .where('user_id', '=', userId)
        .where('tmdb_id', 'in', ids(added.ratings))
        .where('updated_at', '<=', until)
        .execute();
      await trx
        .deleteFrom('diary_entries')
        .where('user_id', '=', userId)
        .where('id', 'in', ids(added.diary))
        .execute();
      for (const e of added.entries)
        await trx
          .deleteFrom('playlist_movies')
          .where('playlist_id', '=', e.playlistId)
          .where('tmdb_id', 'in', ids(e.ids))
          .where('playlist_id', 'in', trx.selectFrom('playlists').select('id').where('user_id', '=', userId))
          .execute();
      // A playlist the import created goes only if it is still empty (the user may have added to it since).
      await trx
        .deleteFrom('playlists')
        .where('user_id', '=', userId)
        .where('id', 'in', ids(added.playlists))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('playlist_movies')
                .select('tmdb_id')
                .whereRef('playlist_movies.playlist_id', '=', 'playlists.id'),
            ),
          ),
        )
        .execute();
    }
  }

  // ── Export ──
  async exportData(userId: string) {
    const film = ['m.tmdb_id', 'm.title', 'm.release_date'] as const;
    const [likes, statuses, ratings, diary, playlists] = await Promise.all([
      this.db
        .selectFrom('likes as l')
        .innerJoin('movies as m', 'm.tmdb_id', 'l.tmdb_id')
        .select([...film, 'l.created_at'])
        .where('l.user_id', '=', userId)
        .orderBy('l.created_at')
        .orderBy('l.id')
        .execute(),
      this.db
        .selectFrom('watch_status as w')
        .innerJoin('movies as m', 'm.tmdb_id', 'w.tmdb_id')
        .select([...film, 'w.status', 'w.updated_at'])
        .where('w.user_id', '=', userId)
        .orderBy('w.updated_at')
        .orderBy('m.tmdb_id')
        .execute(),
      this.db
        .selectFrom('ratings as r')
        .innerJoin('movies as m', 'm.tmdb_id', 'r.tmdb_id')
        .select([...film, sql<number>`r.rating::float8`.as('rating'), 'r.review', 'r.updated_at'])
        .where('r.user_id', '=', userId)
        .orderBy('r.updated_at')
        .orderBy('m.tmdb_id')
        .execute(),
      this.db
        .selectFrom('diary_entries as d')
        .innerJoin('movies as m', 'm.tmdb_id', 'd.tmdb_id')
        .leftJoin('ratings as r', (j) => j.onRef('r.tmdb_id', '=', 'd.tmdb_id').on('r.user_id', '=', userId))
        .select([
          ...film,
          sql<string>`to_char(d.watched_on, 'YYYY-MM-DD')`.as('watched_on'),
          'd.rewatch',
          'd.tags',
          'd.created_at',
          sql<number | null>`r.rating::float8`.as('rating'),
        ])
        .where('d.user_id', '=', userId)
        .orderBy('d.watched_on')
        .orderBy('d.id')
        .execute(),
      this.db
        .selectFrom('playlists as p')
        .leftJoin('playlist_movies as pm', 'pm.playlist_id', 'p.id')
        .leftJoin('movies as m', 'm.tmdb_id', 'pm.tmdb_id')
        .select([
          'p.id',
          'p.name',
          'p.created_at',
          'p.public_slug',
          'm.tmdb_id',
          'm.title',
          'm.release_date',
          'pm.added_at',
        ])
        .where('p.user_id', '=', userId)
        .orderBy('p.created_at')
        .orderBy('p.id')
        .orderBy('pm.added_at', 'desc')
        .orderBy('m.tmdb_id')
        .execute(),
    ]);
    const year = (d: string | null) => (d ? d.slice(0, 4) : '');
    const movie = (r: { tmdb_id: number; title: string; release_date: string | null }) => ({
      tmdb_id: r.tmdb_id,
      title: r.title,
      year: year(r.release_date),
    });
    const lists = new Map<
      number,
      {
        name: string;
        created_at: string;
        public: boolean;
        movies: { tmdb_id: number; title: string; year: string; added_at: string }[];
      }
    >();
    for (const r of playlists) {
      let p = lists.get(r.id);
      if (!p)
        lists.set(
          r.id,
          (p = { name: r.name, created_at: iso(r.created_at), public: r.public_slug !== null, movies: [] }),
        );
      if (r.tmdb_id !== null && r.title !== null)
        p.movies.push({
          tmdb_id: r.tmdb_id,
          title: r.title,
          year: year(r.release_date),
          added_at: iso(r.added_at!),
        });
    }
    return {
      likes: likes.map((r) => ({ ...movie(r), liked_at: iso(r.created_at) })),
      watched: statuses
        .filter((r) => r.status === 'watched')
        .map((r) => ({ ...movie(r), updated_at: iso(r.updated_at) })),
      watchlist: statuses
        .filter((r) => r.status === 'want_to_watch')
        .map((r) => ({ ...movie(r), updated_at: iso(r.updated_at) })),
      ratings: ratings.map((r) => ({
        ...movie(r),
        rating: Number(r.rating),
        review: r.review,
        rated_at: iso(r.updated_at),
      })),
      diary: diary.map((r) => ({
        ...movie(r),
        watched_on: r.watched_on,
        rewatch: r.rewatch,
        tags: r.tags,
        rating: r.rating === null ? null : Number(r.rating),
        logged_at: iso(r.created_at),
      })),
      playlists: [...lists.values()],
    };
  }

  // ── Public playlists ──
  async findPlaylist(playlistId: number) {
    return this.db
      .selectFrom('playlists')
      .select(['user_id', 'public_slug'])
      .where('id', '=', playlistId)
      .executeTakeFirst();
  }

  /** Sets the slug only if the playlist is still private; returns the slug it now has. */
  async publish(playlistId: number, userId: string, slug: string): Promise<string | undefined> {
    await this.db
      .updateTable('playlists')
      .set({ public_slug: slug })
      .where('id', '=', playlistId)
      .where('user_id', '=', userId)
      .where('public_slug', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('playlists')
      .select('public_slug')
      .where('id', '=', playlistId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.public_slug ?? undefined;
  }

  async unpublish(playlistId: number, userId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('playlists')
      .set({ public_slug: null })
      .where('id', '=', playlistId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** A public playlist by its slug: its name, its owner's display name and its movies (no ids of people). */
  async publicPlaylist(slug: string) {
    const p = await this.db
      .selectFrom('playlists as p')
      .innerJoin('user as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.name', 'p.created_at', 'u.name as owner_name'])
      .where('p.public_slug', '=', slug)
      .executeTakeFirst();
    if (!p) return undefined;
    const movies = await this.db
      .selectFrom('playlist_movies as pm')
      .innerJoin('movies as m', 'm.tmdb_id', 'pm.tmdb_id')
      .select(['m.tmdb_id', 'm.title', 'm.overview', 'm.poster_path', 'm.vote_average', 'm.release_date'])
      .where('pm.playlist_id', '=', p.id)
      .orderBy('pm.added_at', 'desc')
      .orderBy('m.tmdb_id')
      .execute();
    return {
      name: p.name,
      owner_name: p.owner_name.trim() || null,
      created_at: iso(p.created_at),
      movies: movies.map((m) => ({
        ...m,
        id: m.tmdb_id,
        vote_average: Number(m.vote_average),
        release_date: m.release_date ?? '',
      })),
    };
  }
}
