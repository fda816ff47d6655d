import { REVIEW_HIDE_REPORTS } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/**
 * What an operator does about reviews hidden by reports (decision 0100), shared by the command
 * (`npm run moderation -w apps/api -- list|restore <reviewId>|remove <reviewId>`) and its tests.
 * A review is a ratings row with text, so its id is `<tmdbId>:<authorUserId>` (stable when the
 * author renames themself). Only open reports count (0011's one report per person per review,
 * `dismissed_at` null); a restore dismisses them, a removal deletes the text with its likes and
 * reports. Both are logged in `review_moderation`.
 */
export class ModerationError extends Error {}

export interface ReportedReview {
  id: string;
  username: string | null;
  tmdb_id: number;
  title: string;
  rating: number;
  review: string;
  open_reports: number;
  reasons: Record<string, number>;
  notes: string[];
  last_report_at: string;
  hidden: boolean;
}

export interface ModerationResult {
  id: string;
  action: 'restore' | 'remove';
  reports: number;
  message: string;
}

const ID = /^([1-9]\d{0,9}):([^\s:]{1,128})$/;

export function parseReviewId(id: string): { tmdbId: number; authorId: string } {
  const m = ID.exec(id.trim());
  if (!m) throw new ModerationError(`"${id}" is not a review id (<tmdbId>:<userId>, as "list" shows).`);
  return { tmdbId: Number(m[1]), authorId: m[2]! };
}

export const reviewId = (tmdbId: number, authorId: string) => `${tmdbId}:${authorId}`;

/** Reviews with open reports, most reported first; only those hidden from everyone unless `all`. */
export async function listReported(
  db: Kysely<DatabaseSchema>,
  { all = false, hideAt = REVIEW_HIDE_REPORTS }: { all?: boolean; hideAt?: number } = {},
): Promise<ReportedReview[]> {
  const { rows } = await sql<{
    author_id: string;
    tmdb_id: number;
    username: string | null;
    title: string;
    rating: string;
    review: string;
    open_reports: string;
    reasons: Record<string, number>;
    notes: string[] | null;
    last_report_at: Date | string;
  }>`
    with open as (
      select author_id, tmdb_id, count(*) as open_reports, max(created_at) as last_report_at
      from review_reports where dismissed_at is null
      group by author_id, tmdb_id
      having count(*) >= ${all ? 1 : hideAt})
    select o.author_id, o.tmdb_id, p.username, m.title, r.rating, r.review, o.open_reports, o.last_report_at,
      (select json_object_agg(reason, n) from (select reason, count(*) as n from review_reports rr
        where rr.author_id = o.author_id and rr.tmdb_id = o.tmdb_id and rr.dismissed_at is null
        group by reason) x) as reasons,
      (select array_agg(note order by created_at) from review_reports rr
        where rr.author_id = o.author_id and rr.tmdb_id = o.tmdb_id and rr.dismissed_at is null
          and rr.note is not null) as notes
    from open o
    join ratings r on r.user_id = o.author_id and r.tmdb_id = o.tmdb_id and r.review is not null
    join movies m on m.tmdb_id = o.tmdb_id
    left join profiles p on p.user_id = o.author_id
    order by o.open_reports desc, o.last_report_at desc
    limit 500`.execute(db);
  return rows.map((r) => ({
    id: reviewId(r.tmdb_id, r.author_id),
    username: r.username,
    tmdb_id: r.tmdb_id,
    title: r.title,
    rating: Number(r.rating),
    review: r.review,
    open_reports: Number(r.open_reports),
    reasons: Object.fromEntries(Object.entries(r.reasons ?? {}).map(([k, v]) => [k, Number(v)])),
    notes: r.notes ?? [],
    last_report_at: new Date(r.last_report_at).toISOString(),
    hidden: Number(r.open_reports) >= hideAt,
  }));
}

async function reviewExists(db: Kysely<DatabaseSchema>, tmdbId: number, authorId: string) {
  const { rows } = await sql<{ n: number }>`select 1 as n from ratings
    where user_id = ${authorId} and tmdb_id = ${tmdbId} and review is not null`.execute(db);
  return rows.length > 0;
}

/** Dismisses the review's open reports: it is shown again (its reporters still do not see it). */
export async function restoreReview(db: Kysely<DatabaseSchema>, id: string): Promise<ModerationResult> {
  const { tmdbId, authorId } = parseReviewId(id);
  return db.transaction().execute(async (trx) => {
    if (!(await reviewExists(trx, tmdbId, authorId))) throw new ModerationError(`No review ${id}.`);
    const { rows } = await sql<{ n: string }>`
      with done as (update review_reports set dismissed_at = now()
        where author_id = ${authorId} and tmdb_id = ${tmdbId} and dismissed_at is null returning 1)
      select count(*) as n from done`.execute(trx);
    const reports = Number(rows[0]?.n ?? 0);
    if (reports === 0) throw new ModerationError(`Review ${id} has no open reports.`);
    await sql`insert into review_moderation (author_id, tmdb_id, action, reports)
      values (${authorId}, ${tmdbId}, 'restore', ${reports})`.execute(trx);
    return { id, action: 'restore', reports, message: `Restored ${id}: ${reports} report(s) dismissed.` };
  });
}

/**
 * Deletes the review's text (the rating stays, the author's own), its likes and its reports,
 * without a feed item: the rating change is written quietly (0011's `cinelog.quiet_activity`).
 */
export async function removeReview(db: Kysely<DatabaseSchema>, id: string): Promise<ModerationResult> {
  const { tmdbId, authorId } = parseReviewId(id);
  return db.transaction().execute(async (trx) => {
    if (!(await reviewExists(trx, tmdbId, authorId))) throw new ModerationError(`No review ${id}.`);
    await sql`set local cinelog.quiet_activity = 'on'`.execute(trx);
    const { rows } = await sql<{ n: string }>`
      with gone as (delete from review_reports
        where author_id = ${authorId} and tmdb_id = ${tmdbId} and dismissed_at is null returning 1)
      select count(*) as n from gone`.execute(trx);
    const reports = Number(rows[0]?.n ?? 0);
    await sql`delete from review_reports where author_id = ${authorId} and tmdb_id = ${tmdbId}`.execute(trx);
    await sql`delete from review_likes where author_id = ${authorId} and tmdb_id = ${tmdbId}`.execute(trx);
    await sql`update ratings set review = null
      where user_id = ${authorId} and tmdb_id = ${tmdbId}`.execute(trx);
    await sql`insert into review_moderation (author_id, tmdb_id, action, reports)
      values (${authorId}, ${tmdbId}, 'remove', ${reports})`.execute(trx);
    return {
      id,
      action: 'remove',
      reports,
      message: `Removed the text of ${id} (${reports} open report(s)).`,
    };
  });
}
