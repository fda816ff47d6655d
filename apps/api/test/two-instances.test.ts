import { TOO_MANY_ATTEMPTS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS } from '../src/modules/identity/identity.routes';
import { PUBLIC_URL, startTwoInstances, type TwoInstances } from './helpers/two-instances';

/**
 * Issue 45: two API instances and two recommenders as real processes on one fresh PostgreSQL
 * database and one Redis, walked across as a visitor behind a load balancer meets them (decision
 * 0091): an account made on one is signed in to on the other, a write on either is in the other's
 * answers at once (its cached read included), a chat goes on on either, and failed sign-ins count
 * on both together.
 */
const SERVER = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;

describe.runIf(SERVER && REDIS)('two API instances on one PostgreSQL and one Redis', () => {
  let two: TwoInstances;
  const email = `walker-${Date.now()}@example.com`;
  const password = 'two-instances-password';
  let token = '';
  let cookie = '';

  beforeAll(async () => {
    two = await startTwoInstances(SERVER!, REDIS!);
  }, 400_000);
  afterAll(async () => {
    await two?.stop();
  }, 60_000);

  const request = (base: string, method: string, path: string, body?: unknown, headers = {}) =>
    fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        // As a browser on the site sends them (Better Auth checks the origin of a cookie's request).
        origin: PUBLIC_URL,
        'accept-encoding': 'gzip, deflate, br, zstd',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const signIn = (base: string, pass = password) =>
    request(base, 'POST', '/api/auth/sign-in/email', { email, password: pass });
  const user = (base: string, method: string, path: string, body?: unknown) =>
    request(base, method, `/api/user${path}`, body, { authorization: `Bearer ${token}` });
  const likedIds = async (base: string) => {
    const res = await user(base, 'GET', '/likes');
    expect(res.status).toBe(200);
    return ((await res.json()) as { tmdb_id: number }[]).map((l) => l.tmdb_id).sort((x, y) => x - y);
  };

  it('signs up on A, verifies the mailed link and signs in on B', async () => {
    const { a, b, smtp } = two;
    const up = await request(a.url, 'POST', '/api/auth/sign-up/email', { name: 'Walker', email, password });
    expect(up.status, await up.clone().text()).toBe(200);
    const sent = await request(a.url, 'POST', '/api/auth/send-verification-email', {
      email,
      callbackURL: '/login',
    });
    expect(sent.status).toBe(200);
    const link = new URL(await smtp.waitForLink(email, 'verify-email', 15_000));
    // The link names the balancer's origin; B answers it.
    expect(link.origin).toBe(PUBLIC_URL);
    expect((await signIn(b.url)).status).toBe(403); // not verified yet
    const verified = await request(b.url, 'GET', link.pathname + link.search);
    expect([200, 302]).toContain(verified.status);
    const res = await signIn(b.url);
    expect(res.status, await res.clone().text()).toBe(200);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const issued = await request(b.url, 'GET', '/api/auth/token', undefined, { cookie });
    expect(issued.status).toBe(200);
    token = ((await issued.json()) as { token: string }).token;
    // A token B issued is good on A (one key set in the shared database).
    expect(await likedIds(a.url)).toEqual([]);
  });

  it("a like on A is in B's answer at once, though B had the list cached; and back", async () => {
    const { a, b } = two;
    // B reads first, twice: the list is in its cache.
    expect(await likedIds(b.url)).toEqual([]);
    expect(await likedIds(b.url)).toEqual([]);
    for (const id of [550, 155]) {
      const liked = await user(a.url, 'POST', '/likes', { tmdb_id: id });
      expect(liked.status).toBe(201);
    }
    const onB = await user(b.url, 'GET', '/likes');
    // The browser's encoding, as it is served from B's cache.
    expect(onB.headers.get('content-encoding')).toBe('br');
    expect(((await onB.json()) as { tmdb_id: number }[]).map((l) => l.tmdb_id).sort()).toEqual([155, 550]);
    // Cached on A now too; a removal on B is in A's next answer.
    expect(await likedIds(a.url)).toEqual([155, 550]);
    expect((await user(b.url, 'DELETE', '/likes/550')).status).toBe(200);
    expect(await likedIds(a.url)).toEqual([155]);
    // A like already made on the other instance is a conflict, not a second row.
    expect((await user(b.url, 'POST', '/likes', { tmdb_id: 155 })).status).toBe(409);
  });

  it("playlists and the watchlist: a write on one instance is in the other's next read", async () => {
    const { a, b } = two;
    const lists = async (base: string) =>
      ((await (await user(base, 'GET', '/playlists')).json()) as { name: string }[]).map((p) => p.name);
    expect(await lists(b.url)).toEqual([]);
    const made = await user(a.url, 'POST', '/playlists', { name: 'Across instances' });
    expect(made.status).toBe(201);
    expect(await lists(b.url)).toEqual(['Across instances']);
    const statuses = async (base: string) => (await user(base, 'GET', '/watch-status')).json();
    const before = JSON.stringify(await statuses(a.url));
    const set = await user(b.url, 'POST', '/watch-status', { tmdb_id: 238, status: 'want_to_watch' });
    expect(set.status).toBe(200);
    const after = JSON.stringify(await statuses(a.url));
    expect(after).not.toBe(before);
    expect(after).toContain('238');
  });

  it('a chat started on A continues on B, and on A again', async () => {
    const { a, b } = two;
    const chat = async (base: string, body: object) => {
      const res = await request(base, 'POST', '/api/chat/send', body);
      expect(res.status).toBe(200);
      return (await res.json()) as { conversation_id: string; movies: { id: number }[] };
    };
    const first = await chat(a.url, { message: 'a feel-good comedy' });
    const second = await chat(b.url, { message: 'another', conversation_id: first.conversation_id });
    const third = await chat(a.url, { message: 'one more', conversation_id: first.conversation_id });
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(third.conversation_id).toBe(first.conversation_id);
    const ids = [first, second, third].flatMap((r) => r.movies.map((m) => m.id));
    expect(second.movies.length).toBeGreaterThan(0);
    // Each instance knew what the other had already suggested.
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('failed sign-ins on A and B count together: the limit is reached across both', async () => {
    const { a, b } = two;
    const limit = DEFAULT_AUTH_RATE_LIMITS.perAccount;
    for (let i = 0; i < limit; i++) {
      const res = await signIn(i % 2 ? b.url : a.url, 'wrong-password');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // Either instance alone has seen half of them; together they are at the limit.
    for (const base of [a.url, b.url]) {
      const res = await signIn(base, 'wrong-password');
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    }
    // The right password from the same browser and address waits too.
    expect((await signIn(a.url)).status).toBe(429);
  }, 120_000);

  it('signing out on A ends the token on B at once; both recommenders still serve', async () => {
    const { a, b, recommenders } = two;
    expect((await user(b.url, 'GET', '/likes')).status).toBe(200);
    const out = await request(a.url, 'POST', '/api/auth/sign-out', {}, { cookie });
    expect(out.status).toBe(200);
    expect((await user(b.url, 'GET', '/likes')).status).toBe(401);
    for (const r of recommenders) {
      expect(r.child.exitCode).toBeNull();
      expect((await fetch(`${r.url}/health`)).ok).toBe(true);
    }
  });
});
