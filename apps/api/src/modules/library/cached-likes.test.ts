import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack, type Client } from '../../../test/helpers/auth-stack';
import { freshPglite } from '../../../test/helpers/db';
import type { Database } from '../../db/database';
import { SESSION_EXPIRED } from '../identity/auth-guard';

type User = { client: Client; bearer: Record<string, string> };

/** Headers that are the connection's or the moment's, not the answer's. */
const answerHeaders = (h: Headers) => {
  const out: Record<string, string> = {};
  h.forEach((value, key) => {
    if (!['date', 'connection', 'keep-alive'].includes(key)) out[key] = value;
  });
  return out;
};

describe('GET /api/user/likes answered before Fastify from the read cache (embedded database)', () => {
  let db: Database;
  let s: AuthStack;
  let alice: User;
  let bob: User;
  const fast = () => s.app.fastPathAnswers().likes;
  const likes = (u: User, headers: Record<string, string> = {}) =>
    u.client.get('/api/user/likes', { ...u.bearer, ...headers });

  beforeAll(async () => {
    db = await freshPglite();
    s = await startAuthStack({ db });
    alice = await s.verifiedUser('Alice', 'alice-fast@example.com');
    bob = await s.verifiedUser('Bob', 'bob-fast@example.com');
  });
  afterAll(async () => {
    await s.close();
    await db.close();
  });

  it('a repeated read is answered from memory, the same bytes and headers as through the route', async () => {
    expect((await alice.client.post('/api/user/likes', { tmdb_id: 155 }, alice.bearer)).status).toBe(201);
    const before = fast();
    const first = await likes(alice, { 'accept-encoding': 'identity' });
    expect(fast()).toBe(before);
    const second = await likes(alice, { 'accept-encoding': 'identity' });
    expect(fast()).toBe(before + 1);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body.map((m: { tmdb_id: number }) => m.tmdb_id)).toEqual([155]);
    expect(answerHeaders(second.headers)).toEqual(answerHeaders(first.headers));
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('a write is seen at once: the next read goes through the route, then is cached again', async () => {
    const likes = (u: User) =>
      u.client.get('/api/user/likes', { ...u.bearer, 'accept-encoding': 'identity' });
    await likes(alice);
    await likes(alice);
    expect((await alice.client.post('/api/user/likes', { tmdb_id: 550 }, alice.bearer)).status).toBe(201);
    const before = fast();
    const after = await likes(alice);
    expect(fast()).toBe(before);
    expect(after.body.map((m: { tmdb_id: number }) => m.tmdb_id).sort()).toEqual([155, 550]);
    expect((await likes(alice)).body).toEqual(after.body);
    expect(fast()).toBe(before + 1);
    expect((await alice.client.del('/api/user/likes/155', alice.bearer)).status).toBe(200);
    expect((await likes(alice)).body.map((m: { tmdb_id: number }) => m.tmdb_id)).toEqual([550]);
  });

  it("each token gets its own user's likes; a bad or missing token is refused by the route", async () => {
    await likes(bob);
    expect((await likes(bob)).body).toEqual([]);
    const before = fast();
    for (const authorization of ['Bearer not-a-token', `${alice.bearer.authorization!}x`, '']) {
      const res = await alice.client.get('/api/user/likes', authorization ? { authorization } : {});
      expect(res).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    }
    expect(fast()).toBe(before);
  });

  it('a deleted account whose likes were cached gets 401, not its cached likes', async () => {
    const ghost = await s.verifiedUser('Ghost', `ghost-fast-${Date.now()}@example.com`);
    await ghost.client.post('/api/user/likes', { tmdb_id: 13 }, ghost.bearer);
    await likes(ghost);
    expect((await likes(ghost)).status).toBe(200);
    expect((await ghost.client.post('/api/auth/delete-user', {})).status).toBe(200);
    const before = fast();
    expect(await likes(ghost)).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    expect(fast()).toBe(before);
  });

  it('a large list is compressed as the client asks (by the route)', async () => {
    for (const id of [680, 13, 603, 157336, 348, 24428, 238, 240, 424, 278])
      await alice.client.post('/api/user/likes', { tmdb_id: id }, alice.bearer);
    await likes(alice, { 'accept-encoding': 'br' });
    const before = fast();
    const res = await likes(alice, { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.body).toHaveLength(11);
    expect(fast()).toBe(before);
    // A client that asks for no compression gets it plain, and that answer never becomes the
    // template for the next browser asking for br.
    const plain = await likes(alice, { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const again = await likes(alice, { 'accept-encoding': 'br' });
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(fast()).toBe(before);
  });
});
