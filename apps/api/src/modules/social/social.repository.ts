import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;
export type FollowStateValue = 'none' | 'pending' | 'accepted';
export type ReviewSortValue = 'newest' | 'liked';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const num = (v: unknown) => Number(v);

export interface ProfileRow {
  user_id: string;
  username: string;
  is_public: boolean;
  favourites: number[];
}

/** A keyset position in a followers/following list: the follow's time (as PostgreSQL wrote it) and the other person. */
export interface PersonCursor {
  at: string;
  id: string;
}

/**
 * What "hidden from everyone" means for a review: REVIEW_HIDE_REPORTS different reporters with open
 * reports (an operator's restore dismisses them: decision 0100; index review_reports_open_idx).
 */
const hiddenForEveryone = (hideAt: number, author: RawBuilder<unknown>, tmdb: RawBuilder<unknown>) =>
  sql<boolean>`(select count(*) from review_reports rr
    where rr.author_id = ${author} and rr.tmdb_id = ${tmdb} and rr.dismissed_at is null) >= ${hideAt}`;

/** Either of two people blocked the other. */
const blockedBetween = (a: RawBuilder<unknown> | string, b: RawBuilder<unknown> | string) =>
  sql<boolean>`exists (select 1 from blocks b
    where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;

/**
 * All SQL of issue 46 (profiles, follows, blocks, the feed, public reviews). Only this file touches
 * its tables. Other modules that need "whom does this person follow" use `followedUserIds` (or
 * the join it documents).
 */
export class SocialRepository {
  constructor(readonly db: Kysely<DatabaseSchema>) {}

  transaction<T>(fn: (trx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * The people `userId` follows with acceptance (the only follows that show anything). As SQL:
   * `select followee_id from follows where follower_id = $1 and state = 'accepted'` (index
   * follows_follower_idx). Blocks remove follows both ways and deleted accounts cascade, so this
   * list never holds either.
   */
  async followedUserIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', userId)
      .where('state', '=', 'accepted')
      .execute();
    return rows.map((r) => r.followee_id);
  }

  // Profiles
  async profileOf(userId: string): Promise<ProfileRow | undefined> {
    return this.db
      .selectFrom('profiles')
      .select(['user_id', 'username', 'is_public', 'favourites'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async profileByUsername(username: string): Promise<ProfileRow | undefined> {
    return this.db
      .selectFrom('profiles')
      .select(['user_id', 'username', 'is_public', 'favourites'])
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async insertProfile(
    db: Db,
    userId: string,
    p: { username: string; is_public?: boolean; favourites?: number[] },
  ): Promise<void> {
    await db
      .insertInto('profiles')
      .values({ user_id: userId, ...p })
      .execute();
  }

  async updateProfile(
    db: Db,
    userId: string,
    p: { username?: string; is_public?: boolean; favourites?: number[] },
  ): Promise<void> {
    await db
      .updateTable('profiles')
      .set({ ...p, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Usernames starting with `prefix` (ignoring case), shortest first; never someone who blocked the viewer or whom the viewer blocked. */
  async searchProfiles(prefix: string, viewerId: string | null, limit: number) {
    const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    let q = this.db
      .selectFrom('profiles as p')
      .select(['p.username', 'p.is_public'])
      .where(sql`lower(p.username)`, 'like', pattern);
    if (viewerId) q = q.where(sql<boolean>`not ${blockedBetween(viewerId, sql.ref('p.user_id'))}`);
    return q
      .orderBy(sql`char_length(p.username)`)
      .orderBy(sql`lower(p.username)`)
      .limit(limit)
      .execute();
  }

  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    const { rows } = await sql<{ blocked: boolean }>`select ${blockedBetween(a, b)} as blocked`.execute(
      this.db,
    );
    return !!rows[0]?.blocked;
  }

  async followState(follower: string, followee: string): Promise<FollowStateValue> {
    const row = await this.db
      .selectFrom('follows')
      .select('state')
      .where('follower_id', '=', follower)
      .where('followee_id', '=', followee)
      .executeTakeFirst();
    return row?.state ?? 'none';
  }

  async hasBlocked(blocker: string, blocked: string): Promise<boolean> {
    return !!(await this.db
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocker_id', '=', blocker)
      .where('blocked_id', '=', blocked)
      .executeTakeFirst());
  }

  /** The chosen favourites in their order (films the movies table knows). */
  async moviesByIds(ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('movies')
      .select(['tmdb_id', 'title', 'poster_path', 'release_date'])
      .where('tmdb_id', 'in', ids)
      .execute();
    return ids.flatMap((id) => rows.filter((r) => r.tmdb_id === id));
  }

  async topRated(userId: string, limit: number) {
    return this.db
      .selectFrom('ratings as r')
      .innerJoin('movies as m', 'm.tmdb_id', 'r.tmdb_id')
      .select(['m.tmdb_id', 'm.title', 'm.poster_path', 'm.release_date'])
      .where('r.user_id', '=', userId)
      .orderBy('r.rating', 'desc')
      .orderBy('r.updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  async recentDiary(userId: string, limit: number) {
    const rows = await this.db
      .selectFrom('diary_entries as d')
      .innerJoin('movies as m', 'm.tmdb_id', 'd.tmdb_id')
      .leftJoin('ratings as r', (j) =>
        j.onRef('r.user_id', '=', 'd.user_id').onRef('r.tmdb_id', '=', 'd.tmdb_id'),
      )
      .select([
        'm.tmdb_id',
        'm.title',
        'm.poster_path',
        'm.release_date',
        sql<string>`to_char(d.watched_on, 'YYYY-MM-DD')`.as('watched_on'),
        'd.rewatch',
        'r.rating',
      ])
      .where('d.user_id', '=', userId)
      .orderBy('d.watched_on', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, rating: r.rating === null ? null : num(r.rating) }));
  }

  async ratingsSpread(userId: string): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('ratings')
      .select(['rating', sql<string>`count(*)`.as('count')])
      .where('user_id', '=', userId)
      .groupBy('rating')
      .execute();
    return new Map(rows.map((r) => [num(r.rating), num(r.count)]));
  }

  async publicPlaylists(userId: string) {
    const rows = await this.db
      .selectFrom('playlists as p')
      .select([
        'p.name',
        'p.public_slug',
        sql<string>`(select count(*) from playlist_movies pm where pm.playlist_id = p.id)`.as('movie_count'),
      ])
      .where('p.user_id', '=', userId)
      .where('p.public_slug', 'is not', null)
      .orderBy('p.created_at', 'desc')
      .execute();
    return rows.map((r) => ({ name: r.name, slug: r.public_slug!, movie_count: num(r.movie_count) }));
  }

  async profileCounts(userId: string, year: number) {
    const { rows } = await sql<{ films: string; this_year: string; followers: string; following: string }>`
      select
        (select count(*) from (
          select tmdb_id from watch_status where user_id = ${userId} and status = 'watched'
          union select tmdb_id from diary_entries where user_id = ${userId}
          union select tmdb_id from ratings where user_id = ${userId}) seen) as films,
        (select count(distinct tmdb_id) from diary_entries where user_id = ${userId}
          and watched_on >= make_date(${year}::int, 1, 1) and watched_on < make_date(${year}::int + 1, 1, 1)) as this_year,
        (select count(*) from follows where followee_id = ${userId} and state = 'accepted') as followers,
        (select count(*) from follows where follower_id = ${userId} and state = 'accepted') as following`.execute(
      this.db,
    );
    const r = rows[0]!;
    return {
      films: num(r.films),
      this_year: num(r.this_year),
      followers: num(r.followers),
      following: num(r.following),
    };
  }

  // Follows
  /** Follows (or asks to); the trigger decides pending or accepted. Answers the state after. */
  async follow(follower: string, followee: string): Promise<FollowStateValue> {
    await this.db
      .insertInto('follows')
      .values({ follower_id: follower, followee_id: followee })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .execute();
    return this.followState(follower, followee);
  }

  /** Ends a follow or withdraws/declines a request; `onlyPending` touches requests only. */
  async unfollow(follower: string, followee: string, onlyPending = false): Promise<boolean> {
    let q = this.db
      .deleteFrom('follows')
      .where('follower_id', '=', follower)
      .where('followee_id', '=', followee);
    if (onlyPending) q = q.where('state', '=', 'pending');
    const res = await q.executeTakeFirst();
    return res.numDeletedRows > 0n;
  }

  async accept(follower: string, followee: string): Promise<boolean> {
    const res = await this.db
      .updateTable('follows')
      .set({ state: 'accepted' })
      .where('follower_id', '=', follower)
      .where('followee_id', '=', followee)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  async pendingRequests(owner: string) {
    const rows = await this.db
      .selectFrom('follows as f')
      .innerJoin('profiles as p', 'p.user_id', 'f.follower_id')
      .select(['p.username', 'f.created_at'])
      .where('f.followee_id', '=', owner)
      .where('f.state', '=', 'pending')
      .orderBy('f.created_at', 'desc')
      .limit(500)
      .execute();
    return rows.map((r) => ({ username: r.username, requested_at: iso(r.created_at) }));
  }

  /**
   * Accepted followers (`direction` 'followers') or followed people ('following') of `userId`,
   * newest follow first, keyset-paged; people who blocked the viewer or whom the viewer blocked are left out.
   */
  async people(
    userId: string,
    direction: 'followers' | 'following',
    viewerId: string | null,
    cursor: PersonCursor | null,
    limit: number,
  ) {
    const [self, other] =
      direction === 'followers'
        ? (['followee_id', 'follower_id'] as const)
        : (['follower_id', 'followee_id'] as const);
    let q = this.db
      .selectFrom('follows as f')
      .innerJoin('profiles as p', 'p.user_id', `f.${other}`)
      .select(['p.username', 'p.is_public', 'p.user_id', sql<string>`f.created_at::text`.as('at')])
      .where(`f.${self}`, '=', userId)
      .where('f.state', '=', 'accepted');
    if (viewerId) q = q.where(sql<boolean>`not ${blockedBetween(viewerId, sql.ref('p.user_id'))}`);
    if (cursor)
      q = q.where(sql<boolean>`(f.created_at, p.user_id) < (${cursor.at}::timestamptz, ${cursor.id})`);
    return q
      .orderBy('f.created_at', 'desc')
      .orderBy('p.user_id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  // Blocks
  async block(blocker: string, blocked: string): Promise<void> {
    await this.db
      .insertInto('blocks')
      .values({ blocker_id: blocker, blocked_id: blocked })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
  }

  async unblock(blocker: string, blocked: string): Promise<void> {
    await this.db
      .deleteFrom('blocks')
      .where('blocker_id', '=', blocker)
      .where('blocked_id', '=', blocked)
      .execute();
  }

  async blockedBy(blocker: string) {
    return this.db
      .selectFrom('blocks as b')
      .innerJoin('profiles as p', 'p.user_id', 'b.blocked_id')
      .select(['p.username', 'p.is_public'])
      .where('b.blocker_id', '=', blocker)
      .orderBy('b.created_at', 'desc')
      .limit(1000)
      .execute();
  }

  // The feed
  /**
   * The newest `limit` items (older than `beforeId`) of the people `userId` follows with
   * acceptance: for each followed person the newest items from activity_user_idx (a lateral
   * join, `limit` at most each; an index-only scan: the index carries kind and tmdb_id, which
   * the filter reads), merged and cut; the page's rows and details are read after the cut. Its cost grows with the number followed, not
   * with their history. Reviews hidden from the viewer (reported by them, or by enough people)
   * are left out before the cut, so a page is full when there is more.
   */
  async feed(userId: string, beforeId: string | null, limit: number, hideAt: number) {
    const before = beforeId === null ? sql`` : sql`and a.id < ${beforeId}::bigint`;
    const { rows } = await sql<FeedRow>`
      with ids as (
        select a.id from follows f
        cross join lateral (
          select a.id
          from activity a
          where a.user_id = f.followee_id ${before}
            and not (a.kind = 'review' and (
              exists (select 1 from review_reports rr
                where rr.author_id = a.user_id and rr.tmdb_id = a.tmdb_id and rr.reporter_id = ${userId})
              or ${hiddenForEveryone(hideAt, sql.ref('a.user_id'), sql.ref('a.tmdb_id'))}))
          order by a.id desc
          limit ${limit}) a
        where f.follower_id = ${userId} and f.state = 'accepted'
        order by a.id desc
        limit ${limit}),
      page as (select a.* from ids join activity a on a.id = ids.id)
      select page.id::text as id, page.kind, page.created_at, p.username,
        m.tmdb_id, m.title, m.poster_path, m.release_date,
        r.rating, case when page.kind = 'review' then r.review end as review,
        to_char(d.watched_on, 'YYYY-MM-DD') as watched_on, d.rewatch,
        pl.name as playlist_name, pl.public_slug,
        case when pl.id is not null
          then (select count(*) from playlist_movies pm where pm.playlist_id = pl.id) end as movie_count
      from page
      join profiles p on p.user_id = page.user_id
      left join movies m on m.tmdb_id = page.tmdb_id
      left join ratings r on r.user_id = page.user_id and r.tmdb_id = page.tmdb_id
      left join diary_entries d on d.id = page.diary_entry_id
      left join playlists pl on pl.id = page.playlist_id
      order by page.id desc`.execute(this.db);
    return rows;
  }

  // The movie page
  /** People `userId` follows (accepted) who marked the film watched, logged it or rated it. */
  async friendsWhoWatched(userId: string, tmdbId: number) {
    const { rows } = await sql<{ username: string; rating: string | null; watched_on: string | null }>`
      select p.username, r.rating, to_char(d.last, 'YYYY-MM-DD') as watched_on
      from follows f
      join profiles p on p.user_id = f.followee_id
      left join ratings r on r.user_id = f.followee_id and r.tmdb_id = ${tmdbId}
      left join lateral (select max(watched_on) as last from diary_entries de
        where de.user_id = f.followee_id and de.tmdb_id = ${tmdbId}) d on true
      where f.follower_id = ${userId} and f.state = 'accepted'
        and (r.user_id is not null or d.last is not null or exists (select 1 from watch_status w
          where w.user_id = f.followee_id and w.tmdb_id = ${tmdbId} and w.status = 'watched'))
      order by d.last desc nulls last, r.updated_at desc nulls last, lower(p.username)
      limit 200`.execute(this.db);
    return rows.map((r) => ({ ...r, rating: r.rating === null ? null : num(r.rating) }));
  }

  /**
   * Public reviews of a film: public profiles only, none hidden from the viewer, with like counts;
   * the viewer's own review even when reports hid it from everyone (`hidden`, decision 0100).
   */
  async reviews(
    tmdbId: number,
    viewerId: string | null,
    sort: ReviewSortValue,
    offset: number,
    limit: number,
    hideAt: number,
  ) {
    const viewer = viewerId
      ? sql`and not exists (select 1 from review_reports rr
            where rr.author_id = r.user_id and rr.tmdb_id = r.tmdb_id and rr.reporter_id = ${viewerId})
          and not ${blockedBetween(viewerId, sql.ref('r.user_id'))}`
      : sql``;
    const order =
      sort === 'liked'
        ? sql`like_count desc, r.updated_at desc, lower(p.username)`
        : sql`r.updated_at desc, lower(p.username)`;
    const { rows } = await sql<ReviewRow>`
      select p.username, r.tmdb_id, r.rating, r.review, r.updated_at,
        (select count(*) from review_likes l where l.author_id = r.user_id and l.tmdb_id = r.tmdb_id) as like_count,
        exists (select 1 from review_likes l
          where l.author_id = r.user_id and l.tmdb_id = r.tmdb_id and l.user_id = ${viewerId ?? ''}) as liked,
        r.user_id = ${viewerId ?? ''} as own, h.hidden,
        count(*) over () as total
      from ratings r
      join profiles p on p.user_id = r.user_id and p.is_public
      cross join lateral (
        select ${hiddenForEveryone(hideAt, sql.ref('r.user_id'), sql.ref('r.tmdb_id'))} as hidden) h
      where r.tmdb_id = ${tmdbId} and r.review is not null ${viewer}
        and (not h.hidden or r.user_id = ${viewerId ?? ''})
      order by ${order}
      limit ${limit} offset ${offset}`.execute(this.db);
    return rows;
  }

  /** A moderator removed `userId`'s review of the film (decision 0100), and they have not written another. */
  async ownReviewRemoved(userId: string, tmdbId: number): Promise<boolean> {
    const { rows } = await sql<{ removed: boolean }>`
      select exists (select 1 from review_moderation m
          where m.author_id = ${userId} and m.tmdb_id = ${tmdbId} and m.action = 'remove')
        and not exists (select 1 from ratings r
          where r.user_id = ${userId} and r.tmdb_id = ${tmdbId} and r.review is not null) as removed`.execute(
      this.db,
    );
    return !!rows[0]?.removed;
  }

  /**
   * The author of `username`'s review of the film, if the viewer may see it (a public profile, a
   * review, no block either way, not hidden for everyone); with `reportedOk` a review the viewer
   * reported still counts (reporting again is answered the same).
   */
  async reviewAuthor(
    tmdbId: number,
    username: string,
    viewerId: string,
    hideAt: number,
    reportedOk: boolean,
  ): Promise<string | undefined> {
    const reported = reportedOk
      ? sql``
      : sql`and not exists (select 1 from review_reports rr
          where rr.author_id = r.user_id and rr.tmdb_id = r.tmdb_id and rr.reporter_id = ${viewerId})`;
    const { rows } = await sql<{ user_id: string }>`
      select r.user_id from ratings r join profiles p on p.user_id = r.user_id and p.is_public
      where lower(p.username) = ${username.toLowerCase()} and r.tmdb_id = ${tmdbId} and r.review is not null
        and not ${blockedBetween(viewerId, sql.ref('r.user_id'))}
        and not ${hiddenForEveryone(hideAt, sql.ref('r.user_id'), sql.ref('r.tmdb_id'))} ${reported}`.execute(
      this.db,
    );
    return rows[0]?.user_id;
  }

  async likeReview(userId: string, authorId: string, tmdbId: number): Promise<void> {
    await this.db
      .insertInto('review_likes')
      .values({ user_id: userId, author_id: authorId, tmdb_id: tmdbId })
      .onConflict((oc) => oc.columns(['author_id', 'tmdb_id', 'user_id']).doNothing())
      .execute();
  }

  async unlikeReview(userId: string, authorId: string, tmdbId: number): Promise<void> {
    await this.db
      .deleteFrom('review_likes')
      .where('user_id', '=', userId)
      .where('author_id', '=', authorId)
      .where('tmdb_id', '=', tmdbId)
      .execute();
  }

  async reviewLikeCount(authorId: string, tmdbId: number): Promise<number> {
    const row = await this.db
      .selectFrom('review_likes')
      .select(sql<string>`count(*)`.as('n'))
      .where('author_id', '=', authorId)
      .where('tmdb_id', '=', tmdbId)
      .executeTakeFirst();
    return num(row?.n ?? 0);
  }

  async reportReview(
    reporterId: string,
    authorId: string,
    tmdbId: number,
    reason: 'spam' | 'abuse' | 'spoilers' | 'other',
    note: string | null,
  ): Promise<void> {
    await this.db
      .insertInto('review_reports')
      .values({ reporter_id: reporterId, author_id: authorId, tmdb_id: tmdbId, reason, note })
      .onConflict((oc) => oc.columns(['author_id', 'tmdb_id', 'reporter_id']).doUpdateSet({ reason, note }))
      .execute();
  }
}

export interface FeedRow {
  id: string;
  kind: 'diary' | 'rating' | 'review' | 'like' | 'playlist';
  created_at: Date | string;
  username: string;
  tmdb_id: number | null;
  title: string | null;
  poster_path: string | null;
  release_date: string | null;
  rating: string | null;
  review: string | null;
  watched_on: string | null;
  rewatch: boolean | null;
  playlist_name: string | null;
  public_slug: string | null;
  movie_count: string | null;
}

export interface ReviewRow {
  username: string;
  tmdb_id: number;
  rating: string;
  review: string;
  updated_at: Date | string;
  like_count: string;
  liked: boolean;
  own: boolean;
  hidden: boolean;
  total: string;
}

export { iso };
