import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

describe('GET /api/user/likes from the read cache (embedded database): bytes made once per list and encoding', () => {
  let db: Database;
  let s: AuthStack;
  let alice: User;
  let bob: User;
  const kept = () => s.app.cachedAnswers().likes;
  const likes = (u: User, headers: Record<string, string> = {}) =>
    u.client.get('/api/user/likes', { ...u.bearer, ...headers });
  /** The body as sent (not decoded, as fetch would), over a socket. */
  const raw = (u: User, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
      httpRequest(new URL('/api/user/likes', s.base), { headers: { ...u.bearer, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', fail)
        .end();
    });
  const ids = (body: { tmdb_id: number }[]) => body.map((m) => m.tmdb_id).sort((a, b) => a - b);

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

  it('a repeated read sends the bytes kept for the cached list, with the headers of every answer', async () => {
    expect((await alice.client.post('/api/user/likes', { tmdb_id: 155 }, alice.bearer)).status).toBe(201);
    const before = kept();
    const first = await likes(alice, { 'accept-encoding': 'identity' });
    expect(kept()).toBe(before);
    const second = await likes(alice, { 'accept-encoding': 'identity' });
    expect(kept()).toBe(before + 1);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body.map((m: { tmdb_id: number }) => m.tmdb_id)).toEqual([155]);
    expect(answerHeaders(second.headers)).toEqual(answerHeaders(first.headers));
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(second.headers.get('x-frame-options')).toBe('DENY');
    // One user's answer: never stored by a cache on the way, nor by the browser.
    expect(second.headers.get('cache-control')).toBe('private, no-store');
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('a like or an unlike is seen at once: new bytes, then kept again (brotli too)', async () => {
    const read = () => likes(alice, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    await read();
    await read();
    expect((await alice.client.post('/api/user/likes', { tmdb_id: 550 }, alice.bearer)).status).toBe(201);
    const before = kept();
    const after = await read();
    expect(kept()).toBe(before);
    expect(ids(after.body)).toEqual([155, 550]);
    expect((await read()).body).toEqual(after.body);
    expect(kept()).toBe(before + 1);
    expect((await alice.client.del('/api/user/likes/155', alice.bearer)).status).toBe(200);
    const unliked = await read();
    expect(ids(unliked.body)).toEqual([550]);
    expect(kept()).toBe(before + 1);
  });

  it("each token gets its own user's likes; a bad or missing token is refused by the route", async () => {
    await likes(bob);
    expect((await likes(bob)).body).toEqual([]);
    const before = kept();
    for (const authorization of ['Bearer not-a-token', `${alice.bearer.authorization!}x`, '']) {
      const res = await alice.client.get('/api/user/likes', authorization ? { authorization } : {});
      expect(res).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    }
    expect(kept()).toBe(before);
  });

  it('a deleted account whose likes were cached gets 401, not its cached likes', async () => {
    const ghost = await s.verifiedUser('Ghost', `ghost-fast-${Date.now()}@example.com`);
    await ghost.client.post('/api/user/likes', { tmdb_id: 13 }, ghost.bearer);
    await likes(ghost);
    expect((await likes(ghost)).status).toBe(200);
    expect((await ghost.client.post('/api/auth/delete-user', {})).status).toBe(200);
    const before = kept();
    expect(await likes(ghost)).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    expect(kept()).toBe(before);
  });

  it('a large list is compressed once per encoding: the same brotli bytes again, gzip apart, plain on request', async () => {
    for (const id of [680, 13, 603, 157336, 348, 24428, 238, 240, 424, 278])
      await alice.client.post('/api/user/likes', { tmdb_id: id }, alice.bearer);
    const br = await raw(alice, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toHaveLength(11);
    const before = kept();
    const again = await raw(alice, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(again.body.equals(br.body)).toBe(true);
    expect(kept()).toBe(before + 1);
    const gz = await raw(alice, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(brotliDecompressSync(br.body))).toBe(true);
    // A client that asks for no compression gets it plain.
    const plain = await raw(alice, { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(brotliDecompressSync(br.body))).toBe(true);
    expect((await raw(alice, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });
});
