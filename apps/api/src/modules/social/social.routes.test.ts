import { FEED_PAGE_SIZE, type FeedItem, type PublicReview } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startAuthStack, type AuthStack, type TestUser } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import type { Database } from '../../db/database';
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from './social.service';

/**
 * Issue 46's privacy rules over HTTP, on PGlite and PostgreSQL (one app per database): private
 * profiles, pending follows (request, accept, decline), blocks both ways, a deleted account,
 * public reviews with likes and reports, and the feed's order and paging.
 */
describe.each(DATABASES)('social on $name', ({ open }) => {
  let db: Database;
  let s: AuthStack;
  const u: Record<string, TestUser> = {};
  const names = ['alice', 'bob', 'carol', 'dave', 'erin'] as const;
  type Name = (typeof names)[number];
  const A = (n: Name) => as(u[n]!);

  beforeAll(async () => {
    db = await open();
    s = await startAuthStack({ db });
    for (const n of names) u[n] = await s.verifiedUser(n, `${n}@example.com`);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await db?.close();
  });

  const feed = async (n: Name, cursor?: string) => {
    const r = await A(n).get(`/api/feed${cursor ? `?cursor=${cursor}` : ''}`);
    expect(r.status).toBe(200);
    return r.body as { results: FeedItem[]; next_cursor: string | null };
  };
  const reviewers = async (tmdbId: number, n?: Name, sort = 'newest') => {
    const path = `/api/movies/${tmdbId}/reviews?sort=${sort}`;
    const r = n ? await A(n).get(path) : await s.client().get(path);
    expect(r.status).toBe(200);
    return (r.body.results as PublicReview[]).map((x) => x.username);
  };
  const follow = (a: Name, b: Name) => A(a).post(`/api/profiles/${b}/follow`, undefined);

  it('usernames: chosen once, validated, unique ignoring case, reserved words refused; private by default', async () => {
    expect((await A('alice').get('/api/user/profile')).body).toEqual({
      username: null,
      public: false,
      favourites: [],
    });
    expect((await A('alice').patch('/api/user/profile', { public: true })).status).toBe(400); // a username first
    for (const bad of ['ab', 'a'.repeat(31), 'has space', '.dot', 'émile', 'Admin', 'settings'])
      expect((await A('alice').patch('/api/user/profile', { username: bad })).status, bad).toBe(400);
    expect((await A('alice').patch('/api/user/profile', { nope: 1 })).status).toBe(400);
    for (const n of names) {
      const r = await A(n).patch('/api/user/profile', { username: n === 'alice' ? 'Alice' : n });
      expect(r.status, n).toBe(200);
    }
    expect(await A('bob').patch('/api/user/profile', { username: 'ALICE' })).toMatchObject({
      status: 409,
      body: { message: SOCIAL_MESSAGES.usernameTaken },
    });
    expect((await A('alice').get('/api/user/profile')).body).toEqual({
      username: 'Alice',
      public: false,
      favourites: [],
    });
    // Looked up ignoring case; a private profile shows its name and nothing else.
    const seen = await s.client().get('/api/profiles/ALICE');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ username: 'Alice', public: false, visible: false, counts: null });
    expect(seen.body.recent_diary).toBeNull();
    expect(seen.body.favourites).toBeNull();
    expect((await s.client().get('/api/profiles/nobody')).status).toBe(404);
  });

  it('a private profile: its contents, lists, reviews and activity reach no one but accepted followers', async () => {
    await A('alice').put('/api/user/ratings/155', { rating: 4.5, review: 'Alice on The Dark Knight' });
    await A('alice').post('/api/user/diary', { tmdb_id: 155 });
    await A('bob').patch('/api/user/profile', { public: true });
    await A('bob').put('/api/user/ratings/155', { rating: 3, review: 'Bob on The Dark Knight' });

    // Search: names only, private ones included.
    const found = await s.client().get('/api/profiles?q=AL');
    expect(found.body).toEqual({ results: [{ username: 'Alice', public: false }] });
    expect((await s.client().get('/api/profiles?q=')).status).toBe(400);
    // Alice's review is not public; Bob's is.
    expect(await reviewers(155)).toEqual(['bob']);
    expect(await reviewers(155, 'carol')).toEqual(['bob']);
    // Carol asks to follow Alice: a request; Alice stays closed to her meanwhile.
    expect((await follow('carol', 'alice')).body).toMatchObject({ state: 'pending' });
    const carolSees = (await A('carol').get('/api/profiles/alice')).body;
    expect(carolSees).toMatchObject({
      visible: false,
      recent_diary: null,
      relationship: { following: 'pending' },
    });
    expect((await A('carol').get('/api/profiles/alice/followers')).status).toBe(403);
    expect((await feed('carol')).results).toEqual([]);
    expect((await A('carol').get('/api/movies/155/friends')).body.results).toEqual([]);
    // The owner sees the request; declining it ends it.
    expect((await A('alice').get('/api/user/follow-requests')).body.results).toEqual([
      { username: 'carol', requested_at: expect.any(String) },
    ]);
    expect((await A('alice').post('/api/user/follow-requests/carol/decline', undefined)).body.state).toBe(
      'none',
    );
    expect((await A('alice').post('/api/user/follow-requests/carol/decline', undefined)).status).toBe(404);
    expect((await A('carol').get('/api/profiles/alice')).body.relationship.following).toBe('none');
    // Asked again and accepted: Carol sees everything, and Alice's doings are in her feed.
    await follow('carol', 'alice');
    expect((await A('alice').post('/api/user/follow-requests/carol/accept', undefined)).body.state).toBe(
      'accepted',
    );
    const open = (await A('carol').get('/api/profiles/alice')).body;
    expect(open).toMatchObject({ visible: true, counts: { films: 1, followers: 1, following: 0 } });
    expect(open.recent_diary.map((d: { tmdb_id: number }) => d.tmdb_id)).toEqual([155]);
    expect(open.ratings_spread.find((r: { rating: number }) => r.rating === 4.5).count).toBe(1);
    expect(open.favourites.map((m: { tmdb_id: number }) => m.tmdb_id)).toEqual([155]);
    expect((await feed('carol')).results.map((i) => [i.username, i.kind])).toEqual([
      ['Alice', 'diary'],
      ['Alice', 'review'],
    ]);
    expect((await A('carol').get('/api/movies/155/friends')).body.results).toEqual([
      { username: 'Alice', rating: 4.5, watched_on: expect.any(String) },
    ]);
    // Dave, who does not follow her, still sees nothing; her review stays off the movie page.
    expect((await A('dave').get('/api/profiles/alice')).body.visible).toBe(false);
    expect(await reviewers(155, 'dave')).toEqual(['bob']);
    // A public profile: followed at once.
    expect((await follow('dave', 'bob')).body.state).toBe('accepted');
    expect((await follow('dave', 'dave')).status).toBe(400);
  });

  it('making a profile public accepts its pending requests; private again closes it to strangers at once', async () => {
    await follow('erin', 'alice');
    expect((await A('alice').patch('/api/user/profile', { public: true })).body.public).toBe(true);
    expect((await A('erin').get('/api/profiles/alice')).body.relationship.following).toBe('accepted');
    expect((await A('dave').get('/api/profiles/alice')).body.visible).toBe(true);
    expect(await reviewers(155)).toEqual(expect.arrayContaining(['Alice', 'bob']));
    await A('alice').patch('/api/user/profile', { public: false });
    expect((await A('dave').get('/api/profiles/alice')).body.visible).toBe(false);
    expect((await s.client().get('/api/profiles/alice')).body.visible).toBe(false);
    expect(await reviewers(155)).toEqual(['bob']);
    expect((await A('erin').get('/api/profiles/alice')).body.visible).toBe(true); // accepted follower
    await A('erin').del('/api/profiles/alice/follow');
  });

  it('a block, both ways: 404 to the blocked, follows gone and refused, out of lists, reviews and feed', async () => {
    // Bob is public and followed by Dave; Dave follows and is followed by Erin.
    expect((await follow('bob', 'dave')).body.state).toBe('pending');
    await A('dave').post('/api/user/follow-requests/bob/accept', undefined);
    await A('dave').put('/api/user/ratings/155', { rating: 2, review: 'Dave on The Dark Knight' });
    await A('dave').patch('/api/user/profile', { public: true });
    expect(await reviewers(155, 'bob')).toEqual(expect.arrayContaining(['dave']));

    // Bob blocks Dave.
    expect((await A('bob').put('/api/profiles/dave/block', undefined)).body).toMatchObject({
      blocked: true,
      following: 'none',
      follows_you: 'none',
    });
    // Dave (the blocked): Bob is absent.
    expect((await A('dave').get('/api/profiles/bob')).status).toBe(404);
    expect((await A('dave').get('/api/profiles?q=bo')).body.results).toEqual([]);
    expect((await follow('dave', 'bob')).status).toBe(404);
    expect(await reviewers(155, 'dave')).not.toContain('bob');
    // Bob (the blocker) no longer sees Dave's review, and the lists lost the follows both ways.
    expect(await reviewers(155, 'bob')).not.toContain('dave');
    expect((await A('bob').get('/api/profiles/bob/followers')).body.results).toEqual([]);
    expect((await A('bob').get('/api/profiles/bob/following')).body.results).toEqual([]);
    expect((await follow('bob', 'dave')).status).toBe(409);
    expect((await A('bob').get('/api/user/blocks')).body.results).toEqual([
      { username: 'dave', public: true },
    ]);
    expect((await feed('bob')).results).toEqual([]);
    // A third person's lists hide each from the other only.
    await A('erin').patch('/api/user/profile', { public: true });
    await follow('erin', 'bob');
    await follow('erin', 'dave');
    const followingOf = async (viewer?: Name) => {
      const r = viewer
        ? await A(viewer).get('/api/profiles/erin/following')
        : await s.client().get('/api/profiles/erin/following');
      return r.body.results.map((p: { username: string }) => p.username);
    };
    expect(await followingOf('dave')).toEqual(['dave']);
    expect(await followingOf()).toEqual(['dave', 'bob']);
    // Unblocked: visible again, nothing restored.
    await A('bob').del('/api/profiles/dave/block');
    expect((await A('dave').get('/api/profiles/bob')).body.relationship).toMatchObject({ following: 'none' });
    expect((await A('dave').put('/api/profiles/dave/block', undefined)).status).toBe(400);
  });

  it('reviews: likes counted and sorted, a report hides it from the reporter at once, three from everyone', async () => {
    await A('erin').put('/api/user/ratings/155', { rating: 5, review: 'Erin on The Dark Knight' });
    const like = (n: Name, author: string) => A(n).put(`/api/movies/155/reviews/${author}/like`, undefined);
    expect((await like('carol', 'bob')).body).toEqual({ liked: true, like_count: 1 });
    expect((await like('carol', 'bob')).body).toEqual({ liked: true, like_count: 1 }); // once
    expect((await like('alice', 'bob')).body).toEqual({ liked: true, like_count: 2 });
    expect((await like('bob', 'bob')).status).toBe(400);
    expect((await like('carol', 'alice')).status).toBe(404); // private profile's review
    expect(await reviewers(155, undefined, 'liked')).toEqual(['bob', 'erin', 'dave']);
    expect(await reviewers(155)).toEqual(['erin', 'dave', 'bob']);
    const page = (await A('carol').get('/api/movies/155/reviews')).body;
    expect(page).toMatchObject({ page: 1, total_results: 3, total_pages: 1 });
    expect(page.results.find((r: PublicReview) => r.username === 'bob')).toMatchObject({
      like_count: 2,
      liked: true,
      own: false,
      rating: 3,
      review: 'Bob on The Dark Knight',
    });
    expect((await A('carol').del('/api/movies/155/reviews/bob/like')).body).toEqual({
      liked: false,
      like_count: 1,
    });

    const report = (n: Name) => A(n).post('/api/movies/155/reviews/erin/report', { reason: 'spoilers' });
    expect((await A('carol').post('/api/movies/155/reviews/erin/report', { reason: 'nope' })).status).toBe(
      400,
    );
    expect((await report('carol')).status).toBe(200);
    expect(await reviewers(155, 'carol')).not.toContain('erin');
    expect(await reviewers(155, 'alice')).toContain('erin');
    expect((await report('carol')).status).toBe(200); // again: the same answer
    await report('alice');
    expect(await reviewers(155)).toContain('erin');
    await report('bob');
    expect(await reviewers(155)).not.toContain('erin');
    expect((await like('dave', 'erin')).status).toBe(404);
  });

  it('the feed: newest first, 20 a page by cursor, each item once, only accepted follows', async () => {
    // Carol follows Bob (public); Bob likes 25 films, then makes a playlist public.
    expect((await follow('carol', 'bob')).body.state).toBe('accepted');
    // Erin (public) reviewed a film that Carol and two others reported, then liked one.
    expect((await follow('carol', 'erin')).body.state).toBe('accepted');
    expect((await A('erin').post('/api/user/likes', { tmdb_id: 155 })).status).toBe(201);
    const ids = [
      862, 348, 238, 550, 157336, 13, 680, 603, 120, 122, 121, 278, 424, 429, 769, 11, 1891, 1892, 105, 585,
      597, 807, 98, 274, 289,
    ];
    for (const id of ids)
      expect((await A('bob').post('/api/user/likes', { tmdb_id: id })).status, String(id)).toBe(201);
    const pl = await A('bob').post('/api/user/playlists', { name: 'Shared' });
    expect((await A('bob').post(`/api/user/playlists/${pl.body.playlist_id}/share`, undefined)).status).toBe(
      200,
    );

    const first = await feed('carol');
    expect(first.results).toHaveLength(FEED_PAGE_SIZE);
    expect(first.results[0]).toMatchObject({
      kind: 'playlist',
      username: 'bob',
      playlist: { name: 'Shared' },
    });
    expect(first.results.slice(1, 4).map((i) => i.movie?.tmdb_id)).toEqual([289, 274, 98]);
    const all = [...first.results];
    for (let cursor = first.next_cursor; cursor;) {
      const next = await feed('carol', cursor);
      all.push(...next.results);
      cursor = next.next_cursor;
    }
    const order = all.map((i) => Number(i.id));
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(new Set(order).size).toBe(order.length);
    expect(all.filter((i) => i.username === 'bob' && i.kind === 'like')).toHaveLength(ids.length);
    // Alice's items (an accepted follow) are there too, older; Dave's (not followed) are not.
    expect(all.some((i) => i.username === 'Alice')).toBe(true);
    expect(all.some((i) => i.username === 'dave')).toBe(false);
    // A review hidden from Carol (her report, and three in all) is not in her feed; Erin's like is.
    expect(all.filter((i) => i.username === 'erin').map((i) => i.kind)).toEqual(['like']);
    // Unsharing the playlist takes its item away; a bad cursor is a 400.
    await A('bob').del(`/api/user/playlists/${pl.body.playlist_id}/share`);
    expect((await feed('carol')).results[0]!.kind).toBe('like');
    expect((await A('carol').get('/api/feed?cursor=abc')).status).toBe(400);
    expect((await s.client().get('/api/feed')).status).toBe(401);
  });

  it('review writes are limited per account (60 an hour); a rating alone is not a review write', async () => {
    const write = (i: number) => A('carol').put('/api/user/ratings/862', { rating: 4, review: `Take ${i}` });
    for (let i = 0; i < SOCIAL_LIMITS.reviewWrite.points; i++) expect((await write(i)).status).toBe(200);
    expect((await write(99)).status).toBe(429);
    expect((await A('carol').put('/api/user/ratings/862', { rating: 3 })).status).toBe(200);
    expect((await A('carol').patch('/api/user/diary/1', { review: 'x' })).status).toBe(429);
    expect((await A('dave').put('/api/user/ratings/862', { rating: 4, review: 'Fine' })).status).toBe(200);
  });

  it('a deleted account disappears from profiles, lists, feeds, reviews and friends', async () => {
    expect(
      (await A('carol').get('/api/movies/155/friends')).body.results.map(
        (f: { username: string }) => f.username,
      ),
    ).toEqual(expect.arrayContaining(['bob']));
    expect((await u.bob!.client.post('/api/auth/delete-user', {})).status).toBe(200);
    expect((await s.client().get('/api/profiles/bob')).status).toBe(404);
    expect((await s.client().get('/api/profiles?q=bob')).body.results).toEqual([]);
    expect(await reviewers(155)).not.toContain('bob');
    expect((await feed('carol')).results.some((i) => i.username === 'bob')).toBe(false);
    expect(
      (await A('carol').get('/api/movies/155/friends')).body.results.map(
        (f: { username: string }) => f.username,
      ),
    ).not.toContain('bob');
    expect(
      (await s.client().get('/api/profiles/erin/following')).body.results.map(
        (p: { username: string }) => p.username,
      ),
    ).toEqual(['dave']);
    // The name is free again.
    expect((await A('dave').patch('/api/user/profile', { username: 'Bob' })).status).toBe(200);
  });
});
