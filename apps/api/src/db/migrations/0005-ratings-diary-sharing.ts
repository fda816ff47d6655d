import { sql, type Kysely } from 'kysely';

/**
 * Beyond the spec (issue 16): a half-star rating with an optional review per user and movie, a
 * dated diary (one entry per viewing; a rewatch on another day is another entry, the same film
 * twice on one day is one entry so that imports are idempotent), per-account settings (hide what
 * I've seen), and an unguessable public slug that makes a playlist readable by anyone.
 * Every rule is a constraint, so no route can write around it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`create table ratings (
      user_id text not null references "user" (id) on delete cascade,
      tmdb_id integer not null references movies (tmdb_id),
      rating numeric(2, 1) not null check (rating between 0.5 and 5 and rating * 2 = floor(rating * 2)),
      review text check (review is null or (char_length(review) between 1 and 2000)),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (user_id, tmdb_id))`,
    sql`create index ratings_user_updated_idx on ratings (user_id, updated_at desc)`,
    sql`create table diary_entries (
      id serial primary key,
      user_id text not null references "user" (id) on delete cascade,
      tmdb_id integer not null references movies (tmdb_id),
      watched_on date not null check (watched_on >= date '1888-01-01'),
      rewatch boolean not null default false,
      created_at timestamptz not null default now(),
      unique (user_id, tmdb_id, watched_on))`,
    sql`create index diary_entries_user_date_idx on diary_entries (user_id, watched_on desc, id desc)`,
    sql`create table user_settings (
      user_id text primary key references "user" (id) on delete cascade,
      hide_watched boolean not null default false,
      hide_liked boolean not null default false,
      hide_listed boolean not null default false,
      updated_at timestamptz not null default now())`,
    sql`alter table playlists add column public_slug text unique
      check (public_slug is null or public_slug ~ '^[A-Za-z0-9_-]{22,64}$')`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table playlists drop column public_slug`.execute(db);
  for (const t of ['user_settings', 'diary_entries', 'ratings']) {
    await sql`drop table ${sql.table(t)}`.execute(db);
  }
}
