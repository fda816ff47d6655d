import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** pg gives `numeric` as a string and `date` as a Date; every read casts in SQL so both drivers agree. */
const ratingOf = sql<number>`r.rating::float8`;
const watchedOn = sql<string>`to_char(d.watched_on, 'YYYY-MM-DD')`;
const releaseDate = sql<string | null>`nullif(m.release_date, '')`;

/** All SQL of ratings and the diary (issue 16). Only this file touches their tables. */
export class DiaryRepository {
  constructor(readonly db: Kysely<DatabaseSchema>) {}

  // Ratings
  async upsertRating(db: Db, userId: string, tmdbId: number, rating: number, review: string | null) {
    const row = await db
      .insertInto('ratings')
      .values({ user_id: userId, tmdb_id: tmdbId, rating, review })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'tmdb_id'])
          .doUpdateSet({ rating, review, updated_at: sql`clock_timestamp()` }),
      )
      .returning([sql<number>`rating::float8`.as('rating'), 'review', 'updated_at'])
      .executeTakeFirstOrThrow();
    return {
      tmdb_id: tmdbId,
      rating: Number(row.rating),
      review: row.review,
      updated_at: iso(row.updated_at),
    };
  }

  async deleteRating(userId: string, tmdbId: number, db: Db = this.db): Promise<boolean> {
    const r = await db
      .deleteFrom('ratings')
      .where('user_id', '=', userId)
      .where('tmdb_id', '=', tmdbId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async findRating(userId: string, tmdbId: number, db: Db = this.db) {
    const row = await db
      .selectFrom('ratings as r')
      .select([ratingOf.as('rating'), 'r.review', 'r.updated_at'])
      .where('r.user_id', '=', userId)
      .where('r.tmdb_id', '=', tmdbId)
      .executeTakeFirst();
    return row && { rating: Number(row.rating), review: row.review, updated_at: iso(row.updated_at) };
  }

  async countRatings(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('ratings')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listRatings(userId: string, limit: number, offset: number) {
    const rows = await this.db
      .selectFrom('ratings as r')
      .innerJoin('movies as m', 'm.tmdb_id', 'r.tmdb_id')
      .select([
        'm.tmdb_id',
        'm.title',
        'm.poster_path',
        releaseDate.as('release_date'),
        ratingOf.as('rating'),
        'r.review',
        'r.created_at',
        'r.updated_at',
      ])
      .where('r.user_id', '=', userId)
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.tmdb_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      ...r,
      rating: Number(r.rating),
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    }));
  }

  // Diary
  /** Inserts a viewing; undefined when the movie is already logged on that day. */
  async insertEntry(
    db: Db,
    userId: string,
    tmdbId: number,
    watchedOn: string,
    rewatch: boolean,
    tags: string[] = [],
  ) {
    const row = await db
      .insertInto('diary_entries')
      .values({ user_id: userId, tmdb_id: tmdbId, watched_on: watchedOn, rewatch, tags })
      .onConflict((oc) => oc.columns(['user_id', 'tmdb_id', 'watched_on']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async findEntryOwner(id: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('diary_entries')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** The user's entry `id` (its movie and day), or undefined when it is not theirs or not there. */
  async findOwnEntry(id: number, userId: string, db: Db = this.db) {
    return db
      .selectFrom('diary_entries as d')
      .select(['d.tmdb_id', watchedOn.as('watched_on')])
      .where('d.id', '=', id)
      .where('d.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Whether the user has another entry of the movie on that day (the unique key an edit would break). */
  async hasEntryOn(userId: string, tmdbId: number, day: string, exceptId: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom('diary_entries')
      .select('id')
      .where('user_id', '=', userId)
      .where('tmdb_id', '=', tmdbId)
      .where('watched_on', '=', day)
      .where('id', '<>', exceptId)
      .executeTakeFirst());
  }

  /** Changes the given fields of the user's entry; false when there is no such entry. */
  async updateEntry(
    db: Db,
    id: number,
    userId: string,
    set: { watched_on?: string; rewatch?: boolean; tags?: string[] },
  ): Promise<boolean> {
    const values = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    if (Object.keys(values).length === 0) return !!(await this.findOwnEntry(id, userId, db));
    const r = await db
      .updateTable('diary_entries')
      .set(values)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes the user's entry and returns what it was (so the client can undo), or undefined. */
  async deleteEntry(id: number, userId: string) {
    const row = await this.db
      .deleteFrom('diary_entries')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning([
        'tmdb_id',
        sql<string>`to_char(watched_on, 'YYYY-MM-DD')`.as('watched_on'),
        'rewatch',
        'tags',
      ])
      .executeTakeFirst();
    return row;
  }

  async countEntries(userId: string, tmdbId?: number): Promise<number> {
    let q = this.db
      .selectFrom('diary_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId);
    if (tmdbId !== undefined) q = q.where('tmdb_id', '=', tmdbId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** The user's viewings, newest day first (then newest logged), with the movie and its rating. */
  async listEntries(userId: string, limit: number, offset: number, tmdbId?: number, id?: number) {
    let q = this.db
      .selectFrom('diary_entries as d')
      .innerJoin('movies as m', 'm.tmdb_id', 'd.tmdb_id')
      .leftJoin('ratings as r', (j) =>
        j.onRef('r.user_id', '=', 'd.user_id').onRef('r.tmdb_id', '=', 'd.tmdb_id'),
      )
      .select([
        'd.id',
        'm.tmdb_id',
        'm.title',
        'm.poster_path',
        releaseDate.as('release_date'),
        watchedOn.as('watched_on'),
        'd.rewatch',
        'd.tags',
        sql<number | null>`r.rating::float8`.as('rating'),
        sql<string | null>`r.review`.as('review'),
        'd.created_at',
      ])
      .where('d.user_id', '=', userId);
    if (tmdbId !== undefined) q = q.where('d.tmdb_id', '=', tmdbId);
    if (id !== undefined) q = q.where('d.id', '=', id);
    const rows = await q
      .orderBy('d.watched_on', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      ...r,
      rating: r.rating === null ? null : Number(r.rating),
      created_at: iso(r.created_at),
    }));
  }

  /** Years that have diary entries with their number of viewings, newest first. */
  async diaryYears(userId: string): Promise<{ year: number; count: number }[]> {
    const { rows } = await sql<{ year: number; count: number }>`
      select extract(year from watched_on)::int as year, count(*)::int as count from diary_entries
      where user_id = ${userId} group by 1 order by year desc`.execute(this.db);
    return rows.map((r) => ({ year: Number(r.year), count: Number(r.count) }));
  }

  /** One year's viewings, or every viewing (year null), oldest first, with the movie's release date and the user's rating. */
  async yearEntries(userId: string, year: number | null) {
    const { rows } = await sql<{
      tmdb_id: number;
      title: string;
      poster_path: string | null;
      release_date: string | null;
      month: number;
      rewatch: boolean;
      rating: number | null;
    }>`
      select d.tmdb_id, m.title, m.poster_path, nullif(m.release_date, '') as release_date,
             extract(month from d.watched_on)::int as month, d.rewatch, r.rating::float8 as rating
      from diary_entries d
      join movies m on m.tmdb_id = d.tmdb_id
      left join ratings r on r.user_id = d.user_id and r.tmdb_id = d.tmdb_id
      where d.user_id = ${userId}
        ${
          year === null
            ? sql``
            : sql`and d.watched_on >= make_date(${year}::int, 1, 1)
                  and d.watched_on < make_date(${year}::int + 1, 1, 1)`
        }
      order by d.watched_on, d.id`.execute(this.db);
    return rows.map((r) => ({
      ...r,
      month: Number(r.month),
      rating: r.rating === null ? null : Number(r.rating),
    }));
  }
}
