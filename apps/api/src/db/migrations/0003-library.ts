import { sql, type Kysely } from 'kysely';

/**
 * The personal library. Every rule the API promises is backed here: one like per user and movie,
 * one status per user and movie, one entry per playlist and movie, playlist names of 1 to 100
 * characters, and cascades so that deleting a user or a playlist deletes what hangs from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`create table likes (
      id serial primary key,
      user_id text not null references "user" (id) on delete cascade,
      tmdb_id integer not null references movies (tmdb_id),
      created_at timestamptz not null default now(),
      unique (user_id, tmdb_id))`,
    sql`create index likes_user_created_idx on likes (user_id, created_at desc, id desc)`,
    sql`create table playlists (
      id serial primary key,
      user_id text not null references "user" (id) on delete cascade,
      name text not null check (char_length(name) between 1 and 100 and name = btrim(name)),
      created_at timestamptz not null default now())`,
    sql`create index playlists_user_idx on playlists (user_id, created_at)`,
    sql`create table playlist_movies (
      playlist_id integer not null references playlists (id) on delete cascade,
      tmdb_id integer not null references movies (tmdb_id),
      added_at timestamptz not null default now(),
      primary key (playlist_id, tmdb_id))`,
    sql`create table watch_status (
      user_id text not null references "user" (id) on delete cascade,
      tmdb_id integer not null references movies (tmdb_id),
      status text not null check (status in ('watched', 'want_to_watch')),
      updated_at timestamptz not null default now(),
      primary key (user_id, tmdb_id))`,
    sql`create table recently_visited (
      user_id text not null references "user" (id) on delete cascade,
      tmdb_id integer not null references movies (tmdb_id),
      visited_at timestamptz not null default now(),
      primary key (user_id, tmdb_id))`,
    sql`create index recently_visited_user_idx on recently_visited (user_id, visited_at desc)`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['recently_visited', 'watch_status', 'playlist_movies', 'playlists', 'likes']) {
    await sql`drop table ${sql.table(t)}`.execute(db);
  }
}
