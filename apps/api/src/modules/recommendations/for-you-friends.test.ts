import { ForYouResponse } from '@app/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack, type Client } from '../../../test/helpers/auth-stack';
import { DATABASES } from '../../../test/helpers/db';
import type { Database } from '../../db/database';

/**
 * For You learns from the people you follow (issue 46, decision 0095), on each database: a
 * followed person's 5-star film and liked film come with their name as the reason; a person not
 * followed, one whose follow request is pending (private), and one who blocked you bring nothing.
 */
const NEIGHBOURS: Record<number, number[]> = { 862: [863, 10193, 9806, 585, 12, 920, 2062] };
let fake: Server;
let recommenderUrl = '';
beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/trending') return res.end('[]');
    // An older service: no /recommend/user, so the per-film lists.
    if (url.pathname !== '/recommend') return res.writeHead(404).end('{"message":"not found"}');
    const list = NEIGHBOURS[Number(url.searchParams.get('tmdb_id'))];
    if (!list) return res.writeHead(404).end('{"message":"not in model"}');
    res.end(JSON.stringify(list.map((tmdbId, i) => ({ tmdbId, rating: 7, score: 1 - i / 100 }))));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  recommenderUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

type User = { client: Client; bearer: Record<string, string> };

describe.each(DATABASES)('For You from the people you follow, on $name', ({ open }) => {
  let db: Database;
  let s: AuthStack;
  const u: Record<string, User> = {};
  const call = (who: string, method: string, path: string, body?: unknown) =>
    u[who]!.client.request(method, path, body, u[who]!.bearer);
  const ok = async (who: string, method: string, path: string, body?: unknown) => {
    const r = await call(who, method, path, body);
    expect(r.status, `${who} ${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };
  const forYou = async () => ForYouResponse.parse(await ok('fay', 'GET', '/api/user/for-you')).results;

  beforeAll(async () => {
    db = await open();
    s = await startAuthStack({ db, env: { RECOMMENDER_URL: recommenderUrl, RECOMMEND_CACHE_SECONDS: '0' } });
    const people: [string, boolean][] = [
      ['fay', true],
      ['ana', true],
      ['bob', false],
      ['cyd', true],
      ['dee', true],
      ['eli', false],
    ];
    for (const [name, isPublic] of people) {
      u[name] = await s.verifiedUser(name, `${name}@example.com`);
      await ok(name, 'PATCH', '/api/user/profile', { username: name, public: isPublic });
    }
    // Fay follows ana (public), asks bob and eli (private: requests), follows cyd; dee she does not.
    for (const who of ['ana', 'bob', 'cyd', 'eli']) await ok('fay', 'POST', `/api/profiles/${who}/follow`);
    await ok('eli', 'POST', '/api/user/follow-requests/fay/accept');
    await ok('cyd', 'PUT', '/api/profiles/fay/block');
    const rate = (who: string, id: number, rating: number) =>
      ok(who, 'PUT', `/api/user/ratings/${id}`, { rating });
    await rate('ana', 238, 5); // The Godfather
    await ok('ana', 'POST', '/api/user/likes', { tmdb_id: 550 }); // Fight Club
    await rate('ana', 155, 4); // The Dark Knight: liked, not loved
    await rate('bob', 680, 5); // Pulp Fiction: a request bob has not accepted
    await rate('cyd', 13, 5); // Forrest Gump: cyd blocked fay
    await rate('dee', 278, 5); // The Shawshank Redemption: dee is not followed
    await rate('eli', 424, 4.5); // Schindler's List: eli accepted fay's request
  });
  afterAll(async () => {
    await s.close();
    await db.close();
  });

  it('a new user who follows people gets their loved films, each saying whose', async () => {
    const picks = await forYou();
    const byId = new Map(picks.map((p) => [p.id, p.because]));
    expect(byId.get(238)).toEqual({
      tmdb_id: 238,
      title: 'The Godfather',
      kind: 'friend',
      friend: { username: 'ana', rating: 5 },
    });
    expect(byId.get(550)).toMatchObject({ kind: 'friend', friend: { username: 'ana', rating: null } });
    expect(byId.get(424)).toMatchObject({ kind: 'friend', friend: { username: 'eli', rating: 4.5 } });
    // Five stars fresh outrank a like of the same age.
    expect(picks.findIndex((p) => p.id === 238)).toBeLessThan(picks.findIndex((p) => p.id === 550));
    // Not a 4-star rating, not a pending request, not across a block, not someone not followed.
    for (const id of [155, 680, 13, 278]) expect(byId.has(id), String(id)).toBe(false);
  });

  it("beside the user's own picks, without films already in their library; a request accepted later counts", async () => {
    await ok('fay', 'POST', '/api/user/likes', { tmdb_id: 862 });
    await ok('fay', 'POST', '/api/user/watch-status', { tmdb_id: 550, status: 'watched' });
    let picks = await forYou();
    const ids = picks.map((p) => p.id);
    expect(ids).toContain(238);
    expect(ids).toContain(863); // a neighbour of her own Toy Story
    expect(picks.find((p) => p.id === 863)!.because).toMatchObject({ kind: 'like', tmdb_id: 862 });
    expect(ids).not.toContain(550); // watched: hers already
    expect(ids).not.toContain(680);
    await ok('bob', 'POST', '/api/user/follow-requests/fay/accept');
    picks = await forYou();
    expect(picks.find((p) => p.id === 680)?.because).toMatchObject({
      friend: { username: 'bob', rating: 5 },
    });
    // Unfollowing takes their films away again.
    await ok('fay', 'DELETE', '/api/profiles/bob/follow');
    expect((await forYou()).map((p) => p.id)).not.toContain(680);
  });
});
