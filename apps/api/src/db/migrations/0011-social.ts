import { sql, type Kysely } from 'kysely';

/** As the contracts' RESERVED_USERNAMES (a migration keeps its own copy: it must not change later). */
const RESERVED = [
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'cinelog',
  'everyone',
  'explore',
  'feed',
  'help',
  'login',
  'logout',
  'me',
  'moderator',
  'null',
  'official',
  'playlist',
  'playlists',
  'profile',
  'profiles',
  'root',
  'search',
  'settings',
  'signin',
  'signup',
  'staff',
  'support',
  'system',
  'undefined',
  'user',
  'users',
  'www',
];

/**
 * Issue 46, film lovers together (decision 0093). Every rule is a constraint or a trigger, so no
 * route (nor the import) can write around it:
 * - `profiles`: a username (3–30 of A-Z a-z 0-9 _ ., not reserved) unique ignoring case (one index
 *   on lower(username), text_pattern_ops so that it also serves prefix search), private by default.
 * - `follows`: a follow of a private profile is a request ('pending') until its owner accepts; of
 *   a public one, accepted at once (the insert trigger decides, not the caller). Both people need
 *   a profile (foreign keys to profiles). A profile made public accepts its pending requests.
 * - `blocks`: blocking removes follows both ways (trigger), and no follow can be made across a
 *   block either way (trigger).
 * - `activity`: one row per thing a person did (logged, rated, reviewed, liked, shared a
 *   playlist), written by triggers on those tables in the same transaction as the write, gone
 *   with the thing itself (foreign keys and triggers). A transaction that sets
 *   `cinelog.quiet_activity` to 'on' (`set local`) writes none (an import of years of history).
 *   The feed reads it with its index (user_id, id desc), one followed person at a time.
 * - `review_likes`, `review_reports`: a review is a ratings row with a review; both hang from it.
 * Every row hangs from its user with `on delete cascade`: a deleted account leaves nothing behind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const reserved = sql.join(RESERVED.map((w) => sql.lit(w)));
  for (const statement of [
    sql`create table profiles (
      user_id text primary key references "user" (id) on delete cascade,
      username text not null check (char_length(username) between 3 and 30
        and username ~ '^[A-Za-z0-9][A-Za-z0-9_.]*$'
        and lower(username) not in (${reserved})),
      is_public boolean not null default false,
      favourites integer[] not null default '{}' check (cardinality(favourites) <= 4),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`,
    sql`create unique index profiles_username_idx on profiles (lower(username) text_pattern_ops)`,

    sql`create table follows (
      follower_id text not null references profiles (user_id) on delete cascade,
      followee_id text not null references profiles (user_id) on delete cascade,
      state text not null default 'pending' check (state in ('pending', 'accepted')),
      created_at timestamptz not null default clock_timestamp(),
      primary key (follower_id, followee_id),
      check (follower_id <> followee_id))`,
    sql`create index follows_follower_idx on follows (follower_id, state, created_at desc, followee_id)`,
    sql`create index follows_followee_idx on follows (followee_id, state, created_at desc, follower_id)`,

    sql`create table blocks (
      blocker_id text not null references "user" (id) on delete cascade,
      blocked_id text not null references "user" (id) on delete cascade,
      created_at timestamptz not null default clock_timestamp(),
      primary key (blocker_id, blocked_id),
      check (blocker_id <> blocked_id))`,
    sql`create index blocks_blocked_idx on blocks (blocked_id, blocker_id)`,

    sql`create function follows_before_insert() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from blocks
            where (blocker_id = new.follower_id and blocked_id = new.followee_id)
               or (blocker_id = new.followee_id and blocked_id = new.follower_id)) then
          raise exception 'follow across a block' using errcode = 'check_violation',
            constraint = 'follows_not_blocked';
        end if;
        new.state := case when (select is_public from profiles where user_id = new.followee_id)
          then 'accepted' else 'pending' end;
        return new;
      end $$`,
    sql`create trigger follows_before_insert before insert on follows
      for each row execute function follows_before_insert()`,
    sql`create function blocks_after_insert() returns trigger language plpgsql as $$
      begin
        delete from follows
          where (follower_id = new.blocker_id and followee_id = new.blocked_id)
             or (follower_id = new.blocked_id and followee_id = new.blocker_id);
        return null;
      end $$`,
    sql`create trigger blocks_after_insert after insert on blocks
      for each row execute function blocks_after_insert()`,
    sql`create function profiles_after_publish() returns trigger language plpgsql as $$
      begin
        update follows set state = 'accepted' where followee_id = new.user_id and state = 'pending';
        return null;
      end $$`,
    sql`create trigger profiles_after_publish after update of is_public on profiles
      for each row when (new.is_public and not old.is_public) execute function profiles_after_publish()`,

    sql`create table activity (
      id bigint generated always as identity primary key,
      user_id text not null references "user" (id) on delete cascade,
      kind text not null check (kind in ('diary', 'rating', 'review', 'like', 'playlist')),
      tmdb_id integer references movies (tmdb_id),
      diary_entry_id integer references diary_entries (id) on delete cascade,
      like_id integer references likes (id) on delete cascade,
      playlist_id integer references playlists (id) on delete cascade,
      created_at timestamptz not null default clock_timestamp(),
      check ((kind = 'diary') = (diary_entry_id is not null)),
      check ((kind = 'like') = (like_id is not null)),
      check ((kind = 'playlist') = (playlist_id is not null)),
      check ((kind = 'playlist') = (tmdb_id is null)))`,
    sql`create index activity_user_idx on activity (user_id, id desc) include (kind, tmdb_id)`,
    sql`create index activity_rating_idx on activity (user_id, tmdb_id) where kind in ('rating', 'review')`,
    sql`create index activity_playlist_idx on activity (playlist_id) where playlist_id is not null`,
    sql`create index activity_diary_idx on activity (diary_entry_id) where diary_entry_id is not null`,
    sql`create index activity_like_idx on activity (like_id) where like_id is not null`,

    sql`create function activity_quiet() returns boolean language sql stable as $$
      select coalesce(current_setting('cinelog.quiet_activity', true), '') = 'on' $$`,
    sql`create function activity_on_diary() returns trigger language plpgsql as $$
      begin
        if not activity_quiet() then
          insert into activity (user_id, kind, tmdb_id, diary_entry_id)
            values (new.user_id, 'diary', new.tmdb_id, new.id);
        end if;
        return null;
      end $$`,
    sql`create trigger activity_on_diary after insert on diary_entries
      for each row execute function activity_on_diary()`,
    sql`create function activity_on_like() returns trigger language plpgsql as $$
      begin
        if not activity_quiet() then
          insert into activity (user_id, kind, tmdb_id, like_id) values (new.user_id, 'like', new.tmdb_id, new.id);
        end if;
        return null;
      end $$`,
    sql`create trigger activity_on_like after insert on likes
      for each row execute function activity_on_like()`,
    // A new or changed rating or review: the person's one rating/review item for the film moves
    // to now (re-rating is not a stream of items). A rating removed takes its item with it.
    sql`create function activity_on_rating() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and new.rating = old.rating and new.review is not distinct from old.review then
          return null;
        end if;
        if tg_op <> 'INSERT' then
          delete from activity where user_id = old.user_id and tmdb_id = old.tmdb_id
            and kind in ('rating', 'review');
        end if;
        if tg_op <> 'DELETE' and not activity_quiet() then
          insert into activity (user_id, kind, tmdb_id)
            values (new.user_id, case when new.review is null then 'rating' else 'review' end, new.tmdb_id);
        end if;
        return null;
      end $$`,
    sql`create trigger activity_on_rating after insert or update or delete on ratings
      for each row execute function activity_on_rating()`,
    // Sharing a playlist is an item; unsharing it takes the item away.
    sql`create function activity_on_playlist() returns trigger language plpgsql as $$
      begin
        if new.public_slug is null then
          delete from activity where playlist_id = new.id;
        elsif (tg_op = 'INSERT' or old.public_slug is null) and not activity_quiet() then
          insert into activity (user_id, kind, playlist_id) values (new.user_id, 'playlist', new.id);
        end if;
        return null;
      end $$`,
    sql`create trigger activity_on_playlist after insert or update of public_slug on playlists
      for each row execute function activity_on_playlist()`,

    sql`create table review_likes (
      user_id text not null references "user" (id) on delete cascade,
      author_id text not null,
      tmdb_id integer not null,
      created_at timestamptz not null default now(),
      primary key (author_id, tmdb_id, user_id),
      foreign key (author_id, tmdb_id) references ratings (user_id, tmdb_id) on delete cascade,
      check (user_id <> author_id))`,
    sql`create index review_likes_user_idx on review_likes (user_id)`,
    sql`create table review_reports (
      reporter_id text not null references "user" (id) on delete cascade,
      author_id text not null,
      tmdb_id integer not null,
      reason text not null check (reason in ('spam', 'abuse', 'spoilers', 'other')),
      note text check (note is null or char_length(note) <= 500),
      created_at timestamptz not null default now(),
      primary key (author_id, tmdb_id, reporter_id),
      foreign key (author_id, tmdb_id) references ratings (user_id, tmdb_id) on delete cascade,
      check (reporter_id <> author_id))`,
    sql`create index review_reports_reporter_idx on review_reports (reporter_id)`,
    sql`create index ratings_movie_reviews_idx on ratings (tmdb_id, updated_at desc) where review is not null`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ratings_movie_reviews_idx`.execute(db);
  await sql`drop trigger activity_on_playlist on playlists`.execute(db);
  await sql`drop trigger activity_on_rating on ratings`.execute(db);
  await sql`drop trigger activity_on_like on likes`.execute(db);
  await sql`drop trigger activity_on_diary on diary_entries`.execute(db);
  for (const t of ['review_reports', 'review_likes', 'activity', 'blocks', 'follows', 'profiles']) {
    await sql`drop table ${sql.table(t)}`.execute(db);
  }
  for (const f of [
    'activity_on_playlist',
    'activity_on_rating',
    'activity_on_like',
    'activity_on_diary',
    'activity_quiet',
    'profiles_after_publish',
    'blocks_after_insert',
    'follows_before_insert',
  ]) {
    await sql`drop function ${sql.raw(f)}()`.execute(db);
  }
}
