import { unzipSync, zipSync } from 'fflate';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { as, usersSuite, type TestUser } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import { letterboxdTags } from './import-parse';

/** Letterboxd's Tags on diary entries: imported from diary.csv and reviews.csv, exported back (decision 0082). */
describe('letterboxdTags', () => {
  it('splits on commas, trims, keeps each tag once (ignoring case), bounds length and count', () => {
    expect(letterboxdTags(' cinema, with  dad ,Cinema,,  ')).toEqual(['cinema', 'with dad']);
    expect(letterboxdTags('')).toEqual([]);
    expect(letterboxdTags(`${'x'.repeat(60)}, a\tb`)).toEqual(['x'.repeat(50), 'a b']);
    expect(letterboxdTags(Array.from({ length: 25 }, (_, i) => `t${i}`).join(','))).toHaveLength(20);
  });
});

describe.each(DATABASES)('diary tags through import and export on $name', ({ open }) => {
  const t = usersSuite(open);

  async function importZip(u: TestUser, files: Record<string, string>) {
    const zip = zipSync(
      Object.fromEntries(Object.entries(files).map(([k, v]) => [k, new TextEncoder().encode(v)])),
    );
    const res = await fetch(new URL('/api/user/import/preview?name=letterboxd.zip', t.s.base), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...u.bearer },
      body: zip as unknown as BodyInit,
    });
    const preview = await res.json();
    expect(res.status, JSON.stringify(preview)).toBe(200);
    const started = await as(u).post('/api/user/import', { preview_id: preview.preview_id, picks: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (let i = 0; i < 600; i++) {
      const job = (await as(u).get(`/api/user/import/jobs/${started.body.job_id}`)).body;
      if (job.state !== 'running') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the import did not finish');
  }

  it('an imported Letterboxd tag is on the diary entry and comes back in both exports', async () => {
    const a = t.alice;
    const job = await importZip(a, {
      'diary.csv':
        'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n' +
        '2024-01-02,The Dark Knight,2008,https://boxd.it/a,4.5,,"imax, with dad",2024-01-01\n' +
        '2024-02-02,Fight Club,1999,https://boxd.it/b,,Yes,,2024-02-01\n',
      'reviews.csv':
        'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n' +
        '2024-01-02,The Dark Knight,2008,https://boxd.it/a,4.5,,Loud.,"IMAX, favourites",2024-01-01\n',
    });
    expect(job.state, JSON.stringify(job)).toBe('done');
    const diary = (await as(a).get('/api/user/diary')).body.results as { tmdb_id: number; tags: string[] }[];
    expect(diary.find((e) => e.tmdb_id === 155)?.tags).toEqual(['imax', 'with dad', 'favourites']);
    expect(diary.find((e) => e.tmdb_id === 550)?.tags).toEqual([]);

    const json = await (
      await fetch(new URL('/api/user/export?format=json', t.s.base), { headers: a.bearer })
    ).json();
    expect(json.diary.find((d: { tmdb_id: number }) => d.tmdb_id === 155)).toMatchObject({
      watched_on: '2024-01-01',
      tags: ['imax', 'with dad', 'favourites'],
    });

    const zip = unzipSync(
      new Uint8Array(
        await (
          await fetch(new URL('/api/user/export?format=csv', t.s.base), { headers: a.bearer })
        ).arrayBuffer(),
      ),
    );
    const rows = parse(new TextDecoder().decode(zip['diary.csv']), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.find((r) => r.tmdbID === '155')).toMatchObject({
      'Watched Date': '2024-01-01',
      Tags: 'imax, with dad, favourites',
    });
    expect(rows.find((r) => r.tmdbID === '550')?.Tags).toBe('');

    // The exported zip imports back with the same tags.
    const bob = t.bob;
    expect((await importZip(bob, { 'diary.csv': new TextDecoder().decode(zip['diary.csv']) })).state).toBe(
      'done',
    );
    const back = (await as(bob).get('/api/user/diary')).body.results as { tmdb_id: number; tags: string[] }[];
    expect(back.find((e) => e.tmdb_id === 155)?.tags).toEqual(['imax', 'with dad', 'favourites']);
  });
});
