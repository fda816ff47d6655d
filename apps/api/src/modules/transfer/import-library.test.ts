import { describe, expect, it } from 'vitest';
import { as, usersSuite, type TestUser } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import { fixture, letterboxdZip } from '../../../test/helpers/import-fixtures';

const NOTHING = {
  likes: 0,
  watched: 0,
  watchlist: 0,
  ratings: 0,
  diary: 0,
  playlists: 0,
  playlist_entries: 0,
};

describe.each(DATABASES)('an import against what the library already holds, on $name', ({ open }) => {
  const t = usersSuite(open);

  async function upload(u: TestUser, bytes: Uint8Array, fileName: string) {
    const res = await fetch(
      new URL(`/api/user/import/preview?name=${encodeURIComponent(fileName)}`, t.s.base),
      {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...u.bearer },
        body: bytes as BodyInit,
      },
    );
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }

  async function commit(u: TestUser, previewId: string, picks: Record<string, number | null> = {}) {
    const started = await as(u).post('/api/user/import', { preview_id: previewId, picks });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (;;) {
      const r = await as(u).get(`/api/user/import/jobs/${started.body.job_id}`);
      if (r.body.state !== 'running') return r.body;
      await new Promise((res) => setTimeout(res, 50));
    }
  }

  const watched = async (email: string) =>
    (
      await t.db.db
        .selectFrom('watch_status')
        .innerJoin('user', 'user.id', 'watch_status.user_id')
        .select('tmdb_id')
        .where('user.email', '=', email)
        .where('status', '=', 'watched')
        .orderBy('tmdb_id')
        .execute()
    ).map((r) => r.tmdb_id);

  it("a lone Letterboxd ratings.csv marks its films watched, and hide what I've seen hides them", async () => {
    const preview = await upload(t.alice, fixture('letterboxd/ratings.csv'), 'ratings.csv');
    expect(preview.counts).toMatchObject({ matched: 5, ambiguous: 0, unmatched: 0 });
    expect(preview.will_write).toEqual({ ...NOTHING, ratings: 5, watched: 5 });
    for (const f of preview.matched) expect(f.actions.watched, f.title).toBe(true);
    const job = await commit(t.alice, preview.preview_id);
    expect(job.added).toEqual({ ...NOTHING, ratings: 5, watched: 5 });
    expect(await watched('alice@example.com')).toEqual([78, 129, 155, 27205, 244786]);

    expect((await as(t.alice).patch('/api/user/settings', { hide_watched: true })).status).toBe(200);
    const found = await as(t.alice).get('/api/tmdb/search/movie?query=The%20Dark%20Knight&hide_seen=true');
    expect(found.status).toBe(200);
    expect(found.body.results.map((m: { id: number }) => m.id)).not.toContain(155);
    expect(found.body.hidden).toBeGreaterThanOrEqual(1);
  });

  it('a second preview of the same file counts against the library: nothing new, and the commit adds what it said', async () => {
    const hamlet = { 'title:hamlet|2000': 10688 };
    const first = await upload(t.bob, letterboxdZip(), 'letterboxd.zip');
    expect(first.counts.already_in_library).toBe(0);
    expect(first.already_held).toEqual(NOTHING);
    expect(first.matched.every((f: { in_library: boolean }) => !f.in_library)).toBe(true);
    const done = await commit(t.bob, first.preview_id, hamlet);
    expect(done.state).toBe('done');

    // The same file again: every matched film is already there, nothing would be written.
    const again = await upload(t.bob, letterboxdZip(), 'letterboxd.zip');
    expect(again.counts).toMatchObject({ matched: 10, ambiguous: 1, already_in_library: 10 });
    expect(again.will_write).toEqual(NOTHING);
    expect(again.already_held).toEqual(first.will_write);
    expect(again.matched.every((f: { in_library: boolean }) => f.in_library)).toBe(true);

    // Some of it gone from the library: only that is new, and the commit adds exactly that.
    const b = as(t.bob);
    expect((await b.del('/api/user/likes/129')).status).toBe(200);
    const pl = (await b.get('/api/user/playlists')).body[0];
    expect((await b.del(`/api/user/playlists/${pl.playlist_id}/movies/949`)).status).toBe(200);
    const third = await upload(t.bob, letterboxdZip(), 'letterboxd.zip');
    expect(third.will_write).toEqual({ ...NOTHING, likes: 1, playlist_entries: 1 });
    expect(third.counts.already_in_library).toBe(8); // Spirited Away (129) and Heat (949) have something new
    expect(
      third.matched
        .filter((f: { in_library: boolean }) => !f.in_library)
        .map((f: { match: { tmdb_id: number } }) => f.match.tmdb_id)
        .sort((x: number, y: number) => x - y),
    ).toEqual([129, 949]);
    const job = await commit(t.bob, third.preview_id, hamlet);
    expect(job.added).toEqual(third.will_write);
    expect((await upload(t.bob, letterboxdZip(), 'letterboxd.zip')).will_write).toEqual(NOTHING);
  });
});
