import type { PublicReview } from '@app/contracts';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startAuthStack, type AuthStack, type TestUser } from '../../../test/helpers/auth-stack';
import { DATABASES, seedPgliteDir } from '../../../test/helpers/db';
import type { Database } from '../../db/database';
import { listReported, restoreReview, reviewId } from './moderation';
import { run } from './moderation-cli';
import { SOCIAL_LIMITS } from './social.service';

/**
 * Decision 0100: a review hidden by three reports is shown to its author as hidden, and an
 * operator lists, restores or removes it (the functions and the command), on PGlite and
 * PostgreSQL. Reports: one per person per review (the database refuses a second row), rate-limited.
 */
describe.each(DATABASES)('review moderation on $name', ({ open }) => {
  let db: Database;
  let s: AuthStack;
  const u: Record<string, TestUser> = {};
  const ids: Record<string, string> = {};
  const names = ['ana', 'ben', 'cy', 'dee', 'eve', 'fay'] as const;
  type Name = (typeof names)[number];
  const A = (n: Name) => as(u[n]!);
  const FILM = 550;

  beforeAll(async () => {
    db = await open();
    s = await startAuthStack({ db });
    for (const n of names) {
      u[n] = await s.verifiedUser(n, `${n}@example.com`);
      await A(n).patch('/api/user/profile', { username: n, public: true });
      const row = await db.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', `${n}@example.com`)
        .executeTakeFirstOrThrow();
      ids[n] = row.id;
    }
    expect(
      (await A('ana').put(`/api/user/ratings/${FILM}`, { rating: 4, review: 'Ana on Fight Club' })).status,
    ).toBe(200);
    expect(
      (await A('fay').put(`/api/user/ratings/${FILM}`, { rating: 3, review: 'Fay on Fight Club' })).status,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await db?.close();
  });

  const reviews = async (n?: Name) => {
    const path = `/api/movies/${FILM}/reviews`;
    const r = n ? await A(n).get(path) : await s.client().get(path);
    expect(r.status).toBe(200);
    return r.body.results as PublicReview[];
  };
  const shown = async (n?: Name) => (await reviews(n)).map((r) => r.username);
  const report = (n: Name, author: Name, reason = 'abuse', note?: string) =>
    A(n).post(`/api/movies/${FILM}/reviews/${author}/report`, { reason, ...(note ? { note } : {}) });
  const anaId = () => reviewId(FILM, ids.ana!);

  it('one report per person per review: the database refuses a second row; reporting again counts once', async () => {
    expect((await report('ben', 'ana', 'spam')).status).toBe(200);
    expect((await report('ben', 'ana', 'abuse', 'Slurs in the second line')).status).toBe(200);
    expect((await report('cy', 'ana')).status).toBe(200);
    // Two people reported, one of them twice: still shown to everyone else.
    expect(await shown()).toEqual(['fay', 'ana']);
    await expect(
      sql`insert into review_reports (reporter_id, author_id, tmdb_id, reason)
        values (${ids.ben!}, ${ids.ana!}, ${FILM}, 'spam')`.execute(db.db),
    ).rejects.toMatchObject({ code: '23505' });
    const [only] = await listReported(db.db, { all: true });
    expect(only).toMatchObject({ id: anaId(), open_reports: 2, hidden: false, reasons: { abuse: 2 } });
    expect(only!.notes).toEqual(['Slurs in the second line']);
  });

  it('hidden after three reports: its author sees it marked hidden, no one else sees it', async () => {
    expect((await report('dee', 'ana', 'spoilers')).status).toBe(200);
    expect(await shown()).toEqual(['fay']);
    expect(await shown('eve')).toEqual(['fay']);
    const own = (await reviews('ana')).find((r) => r.username === 'ana');
    expect(own).toMatchObject({ own: true, hidden: true, review: 'Ana on Fight Club' });
    expect((await reviews('ana')).find((r) => r.username === 'fay')?.hidden).toBe(false);
    // Not in a follower's feed, not likeable.
    await A('eve').post('/api/profiles/ana/follow', undefined);
    const feed = (await A('eve').get('/api/feed')).body.results as { username: string; kind: string }[];
    expect(feed.filter((i) => i.username === 'ana' && i.kind === 'review')).toEqual([]);
    expect((await A('eve').put(`/api/movies/${FILM}/reviews/ana/like`, undefined)).status).toBe(404);
    // The operator's list: hidden ones only unless --all.
    const listed = await listReported(db.db);
    expect(listed).toEqual([
      expect.objectContaining({
        id: anaId(),
        username: 'ana',
        title: 'Fight Club',
        open_reports: 3,
        hidden: true,
        reasons: { abuse: 2, spoilers: 1 },
      }),
    ]);
  });

  it('restore: shown again (not to its reporters), its reporters cannot hide it again, logged', async () => {
    const lines: string[] = [];
    expect(
      await run(['list'], {
        out: (l) => lines.push(l),
        open: async () => ({ db: db.db, close: async () => {} }),
      }),
    ).toBe(0);
    expect(lines.join('\n')).toContain(`${anaId()}  HIDDEN  3 report(s)`);
    expect(lines.join('\n')).toContain('ana on Fight Club (550), 4★: "Ana on Fight Club"');

    expect(await restoreReview(db.db, anaId())).toMatchObject({ action: 'restore', reports: 3 });
    expect(await shown()).toEqual(['fay', 'ana']);
    expect(await shown('eve')).toEqual(['fay', 'ana']);
    expect(await shown('ben')).toEqual(['fay']); // reported it: still hidden for them
    expect((await reviews('ana')).find((r) => r.username === 'ana')?.hidden).toBe(false);
    for (const n of ['ben', 'cy', 'dee'] as const) expect((await report(n, 'ana')).status).toBe(200);
    expect(await shown()).toEqual(['fay', 'ana']);
    expect(await listReported(db.db, { all: true })).toEqual([]);
    // Nothing left to restore; an id that names nothing.
    await expect(restoreReview(db.db, anaId())).rejects.toThrow('has no open reports');
    await expect(restoreReview(db.db, reviewId(FILM, 'nobody'))).rejects.toThrow('No review');
    await expect(restoreReview(db.db, 'drop table')).rejects.toThrow('is not a review id');
    const log = await sql<{
      action: string;
      reports: number;
    }>`select action, reports from review_moderation`.execute(db.db);
    expect(log.rows).toEqual([{ action: 'restore', reports: 3 }]);
  });

  it('remove: the text, its likes and reports go; the rating stays; no feed item; a new review starts clean', async () => {
    await A('ben').put(`/api/movies/${FILM}/reviews/fay/like`, undefined);
    for (const n of ['ana', 'cy', 'dee'] as const) expect((await report(n, 'fay', 'spam')).status).toBe(200);
    expect(await shown()).toEqual(['ana']);
    const lines: string[] = [];
    const open = async () => ({ db: db.db, close: async () => {} });
    expect(await run(['remove', reviewId(FILM, ids.fay!)], { out: (l) => lines.push(l), open })).toBe(0);
    expect(lines).toEqual([`Removed the text of ${reviewId(FILM, ids.fay!)} (3 open report(s)).`]);
    expect((await A('fay').get(`/api/user/ratings/${FILM}`)).body).toMatchObject({ rating: 3, review: null });
    expect((await reviews('fay')).map((r) => r.username)).toEqual(['ana']);
    const left = await sql<{ n: number }>`select
      (select count(*) from review_likes where author_id = ${ids.fay!})::int
      + (select count(*) from review_reports where author_id = ${ids.fay!})::int
      + (select count(*) from activity where user_id = ${ids.fay!})::int as n`.execute(db.db);
    expect(left.rows[0]!.n).toBe(0);
    expect(await run(['remove', reviewId(FILM, ids.fay!)], { out: (l) => lines.push(l), open })).toBe(1);
    expect(lines.at(-1)).toBe(`No review ${reviewId(FILM, ids.fay!)}.`);
    expect(await run(['restore'], { out: (l) => lines.push(l), open })).toBe(2);
    expect(lines.at(-1)).toMatch(/^Usage: npm run moderation/);
    // Fay is told on the film's page (and no one else is), until she writes another.
    const page = async (n?: Name) =>
      (n
        ? await A(n).get(`/api/movies/${FILM}/reviews`)
        : await s.client().get(`/api/movies/${FILM}/reviews`)
      ).body;
    expect((await page('fay')).own_removed).toBe(true);
    expect((await page('ana')).own_removed).toBe(false);
    expect((await page()).own_removed).toBeUndefined();
    await A('fay').put(`/api/user/ratings/${FILM}`, { rating: 3, review: 'Fay, kinder' });
    expect(await shown()).toEqual(['fay', 'ana']);
    expect((await page('fay')).own_removed).toBe(false);
  });

  it('reports are limited per account (30 an hour)', async () => {
    for (let i = 0; i < SOCIAL_LIMITS.reviewReport.points; i++)
      expect((await report('eve', 'fay', 'other')).status).toBe(200);
    const over = await report('eve', 'fay', 'other');
    expect(over.status).toBe(429);
    expect(over.body.message).toEqual(expect.any(String));
  });
});

describe('the moderation command', () => {
  const root = resolve(import.meta.dirname, '../../../../..');
  const exec = promisify(execFile);
  it('runs from npm on the configured database (a PGlite data dir here), explains its usage, and keeps out of an open one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'moderation-'));
    try {
      const { DATABASE_URL: _unused, ...rest } = process.env;
      const env = { ...rest, DATA_DIR: dataDir, NODE_ENV: 'test' };
      // A migrated database as the API leaves it (making a PGlite cluster is seconds of CPU).
      await seedPgliteDir(join(dataDir, 'pglite'));
      const npm = (...args: string[]) =>
        exec('npm', ['run', '--silent', 'moderation', '-w', 'apps/api', '--', ...args], { cwd: root, env });
      expect((await npm('list')).stdout.trim()).toBe('No reported reviews.');
      const usage = await npm('nope').catch((err: { code: number; stdout: string }) => err);
      expect(usage).toMatchObject({ code: 2, stdout: expect.stringContaining('restore <reviewId>') });
      // While the API holds the embedded database (its postmaster.pid), the command keeps out.
      writeFileSync(join(dataDir, 'pglite', 'postmaster.pid'), '-42\n');
      const busy = await npm('list').catch((err: { code: number; stdout: string }) => err);
      expect(busy).toMatchObject({ code: 1, stdout: expect.stringContaining('Stop the API first') });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
