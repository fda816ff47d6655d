import { sql, type Kysely } from 'kysely';

/**
 * One upload read at a time per account, on every instance (decision 0099): a user's upload
 * being read holds this row, claimed with `insert … on conflict do update … where expires_at <=
 * now()` and deleted when the preview is answered. A claim whose instance died is taken over once
 * its time is up (the reading instance renews it while it reads).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table import_uploads (
    user_id text primary key references "user" (id) on delete cascade,
    token uuid not null,
    expires_at timestamptz not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table import_uploads`.execute(db);
}
