import { sql, type Kysely } from 'kysely';

/**
 * Moderation of reviews hidden by reports (decision 0100). A review is hidden from everyone once
 * REVIEW_HIDE_REPORTS different people have open reports on it (one report per person per review:
 * the primary key of 0011). An operator (`npm run moderation -w apps/api`) either restores it
 * (its open reports are dismissed, not deleted, so the same people cannot hide it again by
 * reporting anew) or removes it (the review text goes; the rating stays). Each action is logged in
 * `review_moderation`, which outlives the review and goes with the author's account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`alter table review_reports add column dismissed_at timestamptz`,
    sql`create index review_reports_open_idx on review_reports (author_id, tmdb_id) where dismissed_at is null`,
    sql`create table review_moderation (
      id bigint generated always as identity primary key,
      author_id text not null references "user" (id) on delete cascade,
      tmdb_id integer not null references movies (tmdb_id),
      action text not null check (action in ('restore', 'remove')),
      reports integer not null check (reports >= 0),
      created_at timestamptz not null default now())`,
    sql`create index review_moderation_review_idx on review_moderation (author_id, tmdb_id)`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table review_moderation`.execute(db);
  await sql`drop index review_reports_open_idx`.execute(db);
  await sql`alter table review_reports drop column dismissed_at`.execute(db);
}
