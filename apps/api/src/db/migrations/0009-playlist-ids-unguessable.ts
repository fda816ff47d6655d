import { sql, type Kysely } from 'kysely';

/**
 * A new playlist's id is drawn at random (31 bits from `gen_random_uuid()`, a strong random
 * source) instead of counting up: the spec answers 403 for another user's playlist and 404 for a
 * missing one, so sequential ids let anyone learn which playlists exist and how many there are
 * (decision 0078). The ids stay integers (the spec's paths and every client keep working); a
 * drawn id already taken is drawn again. Existing playlists keep their ids. Lists ordered by
 * (created_at, id) keep their order of creation within one transaction (an import makes several):
 * created_at is the insert's own clock, no longer the transaction's start, which the id used to
 * break ties by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function random_playlist_id() returns integer language plpgsql volatile as $$
    declare candidate integer;
    begin
      loop
        candidate := ('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::integer
          & 2147483647;
        exit when candidate > 0 and not exists (select 1 from playlists where id = candidate);
      end loop;
      return candidate;
    end $$`.execute(db);
  await sql`alter table playlists alter column id set default random_playlist_id()`.execute(db);
  await sql`alter table playlists alter column created_at set default clock_timestamp()`.execute(db);
}

/** Back to counting up, from past the largest id in use. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table playlists alter column created_at set default now()`.execute(db);
  await sql`alter table playlists alter column id set default nextval('playlists_id_seq')`.execute(db);
  await sql`select setval('playlists_id_seq', greatest((select max(id) from playlists), 1))`.execute(db);
  await sql`drop function random_playlist_id()`.execute(db);
}
