import { sql, type Kysely } from 'kysely';

/** As the contracts' PLAYLIST_NAME_MAX (a migration keeps its own copy: it must not change later). */
const NAME_MAX = 100;

/**
 * A user's playlist names are unique, ignoring case (decision 0066): two "Favorites" side by side
 * cannot be told apart in the Add to Playlist menu. Existing duplicates are renamed first, the
 * oldest keeping its name and the others becoming "Favorites (2)", "Favorites (3)"… (the first
 * number free among the user's names), so nothing is lost and the index can be made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; user_id: string; name: string }>`
    select id, user_id, name from playlists p
    where exists (select 1 from playlists o
      where o.user_id = p.user_id and lower(o.name) = lower(p.name) and o.id < p.id)
    order by user_id, id`.execute(db);
  for (const row of rows) {
    for (let n = 2; ; n++) {
      const suffix = ` (${n})`;
      const name = row.name.slice(0, NAME_MAX - suffix.length) + suffix;
      const taken = await sql`select 1 from playlists
        where user_id = ${row.user_id} and lower(name) = lower(${name})`.execute(db);
      if (taken.rows.length > 0) continue;
      await sql`update playlists set name = ${name} where id = ${row.id}`.execute(db);
      break;
    }
  }
  await sql`create unique index playlists_user_name_idx on playlists (user_id, lower(name))`.execute(db);
}

/** The names stay as renamed; only the rule goes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index playlists_user_name_idx`.execute(db);
}
