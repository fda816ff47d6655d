import { sql, type Kysely } from 'kysely';

/**
 * Import previews and jobs in the database instead of one process's memory (issue 45, decision
 * 0090), so that any API instance can commit a preview made on another, read a job's progress, and
 * take over a job whose instance died.
 *
 * - `import_previews`: one waiting preview per user (a newer upload replaces it: unique user_id),
 *   its matched file gzip-compressed, refused after `expires_at`.
 * - `import_jobs`: a committed import; `step` is its checkpoint, the number of steps (chunks of
 *   rows) committed, moved on in the same transaction as each step's rows. One running import per
 *   user (a partial unique index).
 * - `import_job_steps`: what each step added (the keys its undo removes), one row per step.
 * The queue that runs the jobs (pg-boss) keeps its own schema, `pgboss`, which it creates itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`create table import_previews (
      id uuid primary key,
      user_id text not null unique references "user" (id) on delete cascade,
      entries integer not null check (entries >= 0),
      payload bytea not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null)`,
    sql`create index import_previews_expires_idx on import_previews (expires_at)`,
    sql`create table import_jobs (
      id uuid primary key,
      user_id text not null references "user" (id) on delete cascade,
      state text not null default 'running' check (state in ('running', 'done', 'failed')),
      plan bytea not null,
      planned jsonb not null,
      total integer not null check (total >= 0),
      done integer not null default 0 check (done >= 0),
      step integer not null default 0 check (step >= 0),
      undone boolean not null default false,
      message text,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      updated_at timestamptz not null default now(),
      check ((state = 'running') = (finished_at is null)),
      check (not undone or state = 'done'))`,
    sql`create unique index import_jobs_one_running_idx on import_jobs (user_id) where state = 'running'`,
    sql`create index import_jobs_finished_idx on import_jobs (finished_at)`,
    sql`create table import_job_steps (
      job_id uuid not null references import_jobs (id) on delete cascade,
      step integer not null check (step >= 0),
      keys jsonb not null,
      primary key (job_id, step))`,
  ])
    await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table import_job_steps`.execute(db);
  await sql`drop table import_jobs`.execute(db);
  await sql`drop table import_previews`.execute(db);
}
