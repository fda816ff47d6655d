import type { ImportCounts } from '@app/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { ImportKeys } from './transfer.repository';

type Trx = Transaction<DatabaseSchema>;

/** What one step of an import added: the keys of one table (its undo removes these). */
export type StepKeys =
  | { k: 'movies' }
  | { k: 'likes' | 'watched' | 'watchlist' | 'ratings' | 'diary'; ids: number[] }
  | { k: 'entries'; playlistId: number; created: boolean; ids: number[] };

export interface StoredPreviewRow {
  user_id: string;
  payload: Uint8Array;
  expired: boolean;
}

export interface JobRow {
  id: string;
  user_id: string;
  state: 'running' | 'done' | 'failed';
  planned: ImportCounts;
  total: number;
  done: number;
  step: number;
  undone: boolean;
  message: string | null;
  started_at: Date;
  finished_at: Date | null;
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** The keys an import added, from its steps' rows. */
export function mergeKeys(steps: StepKeys[]): ImportKeys {
  const keys: ImportKeys = {
    likes: [],
    watched: [],
    watchlist: [],
    ratings: [],
    diary: [],
    playlists: [],
    entries: [],
  };
  for (const s of steps) {
    if (s.k === 'movies') continue;
    if (s.k !== 'entries') {
      keys[s.k].push(...s.ids);
      continue;
    }
    if (s.created) keys.playlists.push(s.playlistId);
    const e = keys.entries.find((x) => x.playlistId === s.playlistId);
    if (e) e.ids.push(...s.ids);
    else keys.entries.push({ playlistId: s.playlistId, ids: [...s.ids] });
  }
  return keys;
}

/**
 * Import previews and jobs as rows (decision 0090): any instance reads and commits a preview made
 * on another, and runs or takes over a job. A job's rows are written step by step, each step in
 * one transaction with its checkpoint (`import_jobs.step`) and its keys, so a step is committed
 * exactly once whoever runs it, and a job cut off resumes after its last committed step.
 */
export class ImportStoreRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The user's new preview; their older one, if any, is replaced (one per user). It expires
   * `seconds` after now by the database's clock, the one it is checked by (an instance's own clock
   * may be off: decision 0099); answers when.
   */
  async savePreview(p: {
    id: string;
    userId: string;
    entries: number;
    payload: Uint8Array;
    seconds: number;
  }): Promise<Date> {
    const r = await sql<{ expires_at: Date }>`
      insert into import_previews (id, user_id, entries, payload, expires_at)
      values (${p.id}, ${p.userId}, ${p.entries}, ${p.payload}, now() + make_interval(secs => ${p.seconds}))
      on conflict (user_id) do update set id = excluded.id, entries = excluded.entries,
        payload = excluded.payload, created_at = now(), expires_at = excluded.expires_at
      returning expires_at`.execute(this.db);
    return new Date(r.rows[0]!.expires_at);
  }

  /**
   * Claims the user's one upload being read (decision 0099): true when no other claim of theirs is
   * alive, on any instance. A claim whose time is up (its instance died) is taken over.
   */
  async claimUpload(userId: string, token: string, seconds: number): Promise<boolean> {
    const r = await sql`insert into import_uploads (user_id, token, expires_at)
      values (${userId}, ${token}, now() + make_interval(secs => ${seconds}))
      on conflict (user_id) do update set token = excluded.token, expires_at = excluded.expires_at
        where import_uploads.expires_at <= now()
      returning token`.execute(this.db);
    return r.rows.length > 0;
  }

  /** Gives a claim `seconds` more (while its upload is still being read). */
  async renewUpload(userId: string, token: string, seconds: number): Promise<void> {
    await sql`update import_uploads set expires_at = now() + make_interval(secs => ${seconds})
      where user_id = ${userId} and token = ${token}`.execute(this.db);
  }

  async releaseUpload(userId: string, token: string): Promise<void> {
    await sql`delete from import_uploads where user_id = ${userId} and token = ${token}`.execute(this.db);
  }

  /** How many previews other users have waiting, and how many entries they hold. */
  async othersWaiting(userId: string): Promise<{ count: number; entries: number }> {
    const r = await sql<{ count: number; entries: number }>`
      select count(*)::int as count, coalesce(sum(entries), 0)::int as entries from import_previews
      where user_id <> ${userId} and expires_at > now()`.execute(this.db);
    return r.rows[0] ?? { count: 0, entries: 0 };
  }

  async findPreview(id: string): Promise<StoredPreviewRow | undefined> {
    const r = await sql<StoredPreviewRow>`
      select user_id, payload, expires_at <= now() as expired from import_previews where id = ${id}`.execute(
      this.db,
    );
    return r.rows[0];
  }

  /** Expired previews and jobs finished before `jobsBefore` go (their results can no longer be read). */
  async sweep(jobsBefore: Date): Promise<void> {
    await sql`delete from import_previews where expires_at <= now()`.execute(this.db);
    await sql`delete from import_jobs where finished_at < ${jobsBefore}`.execute(this.db);
  }

  /**
   * Turns the user's preview into a running job in one transaction: the preview is taken (a second
   * commit of it finds nothing), and a second running import of the user's breaks the unique
   * index (then nothing changes). `null`: the preview was gone; `'running'`: one is running.
   */
  async startJob(job: {
    id: string;
    previewId: string;
    userId: string;
    plan: Uint8Array;
    planned: ImportCounts;
    total: number;
  }): Promise<JobRow | null | 'running'> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const taken = await sql`delete from import_previews
          where id = ${job.previewId} and user_id = ${job.userId} and expires_at > now()
          returning id`.execute(trx);
        if (taken.rows.length === 0) return null;
        const r = await sql<JobRow>`insert into import_jobs (id, user_id, plan, planned, total)
          values (${job.id}, ${job.userId}, ${job.plan}, ${JSON.stringify(job.planned)}::jsonb, ${job.total})
          returning ${sql.raw(JOB_COLUMNS)}`.execute(trx);
        return r.rows[0]!;
      });
    } catch (err) {
      if ((err as { code?: unknown }).code === UNIQUE_VIOLATION) return 'running';
      throw err;
    }
  }

  async job(id: string): Promise<JobRow | undefined> {
    const r = await sql<JobRow>`select ${sql.raw(JOB_COLUMNS)} from import_jobs where id = ${id}`.execute(
      this.db,
    );
    return r.rows[0];
  }

  async plan(id: string): Promise<{ plan: Uint8Array; user_id: string } | undefined> {
    const r = await sql<{ plan: Uint8Array; user_id: string }>`
      select plan, user_id from import_jobs where id = ${id} and state = 'running'`.execute(this.db);
    return r.rows[0];
  }

  async hasRunning(userId: string): Promise<boolean> {
    const r = await sql`select 1 from import_jobs where user_id = ${userId} and state = 'running'`.execute(
      this.db,
    );
    return r.rows.length > 0;
  }

  /**
   * The user's running jobs whose row has not moved for `seconds`: the candidates for a job no one
   * will finish (its queue entry never made or lost), which only the queue can confirm.
   */
  async stale(userId: string, seconds: number): Promise<string[]> {
    const r = await sql<{ id: string }>`select id from import_jobs where user_id = ${userId}
      and state = 'running' and updated_at < now() - make_interval(secs => ${seconds})`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  /** Whether a running job committed a step within the last `seconds`, by the database's clock. */
  async movedWithin(id: string, seconds: number): Promise<boolean> {
    const r = await sql`select 1 from import_jobs where id = ${id} and state = 'running' and step > 0
      and updated_at >= now() - make_interval(secs => ${seconds})`.execute(this.db);
    return r.rows.length > 0;
  }

  /** The keys a job added, from its committed steps. */
  async keys(jobId: string, trx: Kysely<DatabaseSchema> = this.db): Promise<ImportKeys> {
    const r = await sql<{ keys: StepKeys }>`
      select keys from import_job_steps where job_id = ${jobId} order by step`.execute(trx);
    return mergeKeys(r.rows.map((x) => x.keys));
  }

  /**
   * Step `step` of a job: its checkpoint is moved on first (the job's row is locked until this
   * transaction ends), then `write` adds the rows and answers their keys, stored with the step.
   * Another runner of the same step waits on the row lock and then finds the checkpoint moved:
   * `false`, and its transaction writes nothing. Holds the user's import lock (undo takes it too).
   */
  async runStep(
    jobId: string,
    userId: string,
    step: number,
    rows: number,
    write: (trx: Trx) => Promise<StepKeys>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`cinelog-import:${userId}`}))`.execute(trx);
      const moved =
        await sql`update import_jobs set step = step + 1, done = done + ${rows}, updated_at = now()
        where id = ${jobId} and step = ${step} and state = 'running' returning id`.execute(trx);
      if (moved.rows.length === 0) return false;
      // Years of imported history are not news: the rows write no activity (decision 0093).
      await sql`select set_config('cinelog.quiet_activity', 'on', true)`.execute(trx);
      const keys = await write(trx);
      await sql`insert into import_job_steps (job_id, step, keys)
        values (${jobId}, ${step}, ${JSON.stringify(keys)}::jsonb)`.execute(trx);
      return true;
    });
  }

  /** Done once every step is committed (a job already finished is left as it is). */
  async finish(jobId: string, steps: number): Promise<boolean> {
    const r = await sql`update import_jobs set state = 'done', finished_at = now(), updated_at = now()
      where id = ${jobId} and state = 'running' and step = ${steps} returning id`.execute(this.db);
    return r.rows.length > 0;
  }

  /**
   * A failed job: what its committed steps added is removed (`undo`, in this transaction), so a
   * failed import has written nothing, and it is marked failed with `message`. `undo`'s `until` is
   * the database's clock once no step can commit any more (the rows' times are the database's:
   * an instance's clock behind it would leave rows in place, decision 0099).
   */
  async fail(
    jobId: string,
    userId: string,
    message: string,
    undo: (trx: Trx, keys: ImportKeys, until: Date) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`cinelog-import:${userId}`}))`.execute(trx);
      const r = await sql`update import_jobs set state = 'failed', message = ${message},
        finished_at = now(), updated_at = now() where id = ${jobId} and state = 'running' returning id`.execute(
        trx,
      );
      if (r.rows.length === 0) return;
      const at = await sql<{ at: Date }>`select clock_timestamp() as at`.execute(trx);
      await undo(trx, await this.keys(jobId, trx), new Date(at.rows[0]!.at));
    });
  }

  /**
   * Marks a finished job undone and runs `undo` with its keys in the same transaction: `false`
   * when it was not done or already undone (then nothing is removed).
   */
  async undo(
    jobId: string,
    userId: string,
    undo: (trx: Trx, keys: ImportKeys, until: Date) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`cinelog-import:${userId}`}))`.execute(trx);
      const r = await sql<{ finished_at: Date }>`update import_jobs set undone = true, updated_at = now()
        where id = ${jobId} and user_id = ${userId} and state = 'done' and not undone
        returning finished_at`.execute(trx);
      const row = r.rows[0];
      if (!row) return false;
      await undo(trx, await this.keys(jobId, trx), new Date(row.finished_at));
      return true;
    });
  }
}

const JOB_COLUMNS =
  'id, user_id, state, planned, total, done, step, undone, message, started_at, finished_at';
