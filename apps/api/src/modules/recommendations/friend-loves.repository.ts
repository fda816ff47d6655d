import { FRIENDS, type FriendSignal } from '@app/contracts/for-you';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

interface Row {
  username: string;
  tmdb_id: number | string;
  rating: number | string | null;
  at: Date | string;
}

/**
 * What the people `userId` follows love lately (decision 0095): their ratings of FRIENDS.minRating
 * and above and their likes of the last FRIENDS.windowDays, newest first. Only accepted follows
 * (the join social.repository.ts documents for other modules: a private profile's owner accepted
 * the request, a public one accepted at once), never across a block either way (blocks remove
 * follows, and the join checks again), and only people with a profile (a username to name them).
 */
export async function readFriendLoves(db: Kysely<DatabaseSchema>, userId: string): Promise<FriendSignal[]> {
  const since = sql`now() - make_interval(days => ${FRIENDS.windowDays})`;
  const { rows } = await sql<Row>`
    with friends as (
      select f.followee_id as id, p.username from follows f
        join profiles p on p.user_id = f.followee_id
        where f.follower_id = ${userId} and f.state = 'accepted'
          and not exists (select 1 from blocks b
            where (b.blocker_id = ${userId} and b.blocked_id = f.followee_id)
               or (b.blocker_id = f.followee_id and b.blocked_id = ${userId})))
    select fr.username, r.tmdb_id, r.rating::float8 as rating, r.updated_at as at
      from friends fr join ratings r on r.user_id = fr.id
      where r.rating >= ${FRIENDS.minRating} and r.updated_at > ${since}
    union all
    select fr.username, l.tmdb_id, null, l.created_at
      from friends fr join likes l on l.user_id = fr.id
      where l.created_at > ${since}
    order by 4 desc, 2, 1
    limit ${FRIENDS.maxSignals}`.execute(db);
  return rows.map((r) => ({
    friend: r.username,
    item: Number(r.tmdb_id),
    rating: r.rating === null ? null : Number(r.rating),
    timestamp: new Date(r.at).getTime() / 1000,
  }));
}
