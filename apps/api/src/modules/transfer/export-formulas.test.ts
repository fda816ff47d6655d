import type { CatalogIndex } from '@app/catalog';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, usersSuite, type TestUser } from '../../../test/helpers/auth-stack';
import { fullCatalog } from '../../../test/helpers/catalog';
import { DATABASES } from '../../../test/helpers/db';
import { neutraliseFormula, undoFormulaGuard } from './csv-formula';

describe('a cell that a spreadsheet would run as a formula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-great', "'-great"],
    ['@home', "'@home"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ["'=already quoted", "''=already quoted"],
    ["'just a quote", "'just a quote"],
    ['Plain', 'Plain'],
    ['1-2', '1-2'],
    ['', ''],
  ])('%j is written as %j, and our importer reads it back as it was', (text, written) => {
    expect(neutraliseFormula(text)).toBe(written);
    expect(undoFormulaGuard(written)).toBe(text);
  });
});

describe.each(DATABASES)(
  'CSV export neutralises formulas, and our import undoes it, on $name',
  ({ open }) => {
    const t = usersSuite(open);
    let catalog: CatalogIndex;
    beforeAll(async () => {
      catalog = await fullCatalog();
    }, 120_000);

    async function upload(u: TestUser, bytes: Uint8Array, fileName: string) {
      const res = await fetch(
        new URL(`/api/user/import/preview?name=${encodeURIComponent(fileName)}`, t.s.base),
        {
          method: 'POST',
          headers: { 'content-type': 'application/zip', ...u.bearer },
          body: bytes as BodyInit,
        },
      );
      return { status: res.status, body: await res.json() };
    }

    const uid = async (email: string) =>
      (await t.db.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

    it('reviews, playlist names and film names starting with = + - @ go out as quoted text and come back identical', async () => {
      const a = as(t.alice);
      // A real film whose own title starts with one of the characters (its name cell too).
      const odd = catalog.popular.find((m) => /^[=+\-@]/.test(m.title) && m.release_date);
      expect(odd, 'a catalog film whose title starts with = + - or @').toBeDefined();
      const reviews: [number, string][] = [
        [155, '=1+1'],
        [27205, '-great'],
        [129, '@home'],
        [78, "+cmd|' /C calc'!A0"],
        [348, "'=already quoted"],
        [odd!.id, '=HYPERLINK("http://example.com/x","click")'],
      ];
      for (const [id, review] of reviews)
        expect((await a.put(`/api/user/ratings/${id}`, { rating: 4, review })).status).toBe(200);
      const names = ['=SUM(A1:A9)', '@evil', '-minus list'];
      for (const [i, name] of names.entries()) {
        const pl = await a.post('/api/user/playlists', { name });
        expect(pl.status).toBe(201);
        expect(
          (
            await a.post(`/api/user/playlists/${pl.body.playlist_id}/movies`, {
              tmdb_id: [155, odd!.id, 129][i],
            })
          ).status,
        ).toBe(201);
      }
      expect((await a.post('/api/user/watch-status', { tmdb_id: odd!.id, status: 'watched' })).status).toBe(
        200,
      );

      const res = await fetch(new URL('/api/user/export?format=csv', t.s.base), { headers: t.alice.bearer });
      expect(res.status).toBe(200);
      const zip = new Uint8Array(await res.arrayBuffer());
      const files = unzipSync(zip);
      const text = (f: string) => new TextDecoder().decode(files[f]);
      const rows = (f: string) => parse(text(f), { relax_column_count: true }) as string[][];

      // No cell of any file starts with a formula character: each such text has the quote in front, in quotes.
      for (const [f, bytes] of Object.entries(files))
        for (const row of parse(new TextDecoder().decode(bytes), { relax_column_count: true }) as string[][])
          for (const cell of row) expect(cell, `${f}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
      const reviewCol = rows('reviews.csv')[0]!.indexOf('Review');
      expect(
        rows('reviews.csv')
          .map((r) => r[reviewCol])
          .slice(1)
          .sort(),
      ).toEqual(reviews.map(([, r]) => `'${r}`).sort());
      expect(text('reviews.csv')).toContain(`,"'=1+1",`);
      expect(text('reviews.csv')).toContain(`,"'-great",`);
      expect(text('reviews.csv')).toContain(`,"'@home",`);
      expect(text('watched.csv')).toContain(`,"'${odd!.title.replace(/"/g, '""')}",`);
      const listFiles = Object.keys(files).filter((f) => f.startsWith('lists/'));
      expect(listFiles).toHaveLength(3);
      const listNames = listFiles.map((f) => rows(f)[2]![1]).sort();
      expect(listNames).toEqual(names.map((n) => `'${n}`).sort());
      expect(listFiles.some((f) => text(f).includes(`"'=SUM(A1:A9)"`))).toBe(true);

      // A real import of that file gives back the texts exactly.
      const preview = await upload(t.bob, zip, 'cinelog-export.zip');
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.counts).toMatchObject({ ambiguous: 0, unmatched: 0 });
      const started = await as(t.bob).post('/api/user/import', {
        preview_id: preview.body.preview_id,
        picks: {},
      });
      expect(started.status).toBe(202);
      let job;
      do {
        await new Promise((r) => setTimeout(r, 50));
        job = (await as(t.bob).get(`/api/user/import/jobs/${started.body.job_id}`)).body;
      } while (job.state === 'running');
      expect(job.state).toBe('done');

      const bob = await uid('bob@example.com');
      const stored = await t.db.db
        .selectFrom('ratings')
        .select(['tmdb_id', 'review', sql<number>`rating::float8`.as('rating')])
        .where('user_id', '=', bob)
        .orderBy('tmdb_id')
        .execute();
      expect(stored.map((r) => [r.tmdb_id, r.review])).toEqual(
        [...reviews].sort((x, y) => x[0] - y[0]).map(([id, review]) => [id, review]),
      );
      const playlists = await t.db.db
        .selectFrom('playlists')
        .select('name')
        .where('user_id', '=', bob)
        .orderBy('name')
        .execute();
      expect(playlists.map((p) => p.name)).toEqual([...names].sort());
      const watched = await t.db.db
        .selectFrom('watch_status')
        .select('tmdb_id')
        .where('user_id', '=', bob)
        .where('status', '=', 'watched')
        .execute();
      expect(watched.map((w) => w.tmdb_id)).toContain(odd!.id);
    });
  },
);
