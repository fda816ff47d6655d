import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_LIMIT,
  DEFAULT_TIMEOUTS,
  findUnstorableText,
  JSON_TOO_DEEP,
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
} from '../src/lib/request-guards';
import { INVALID_EMAIL } from '../src/modules/identity/identity.routes';
import { createTestApp } from './helpers/app';
import { startAuthStack, type AuthStack } from './helpers/auth-stack';

let s: AuthStack;
let bearer: Record<string, string>;
beforeAll(async () => {
  s = await startAuthStack();
  ({ bearer } = await s.verifiedUser('Bad Input', 'bad-input@example.com'));
});
afterAll(() => s.close());

/** A POST with a raw body, as a client that does not use JSON.stringify could send it. */
async function postRaw(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, s.base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.base, ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe('text that cannot be stored is a 400, never a 500', () => {
  it('a NUL byte in a playlist name', async () => {
    const res = await postRaw('/api/user/playlists', '{"name":"a\\u0000b"}', bearer);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: expect.stringMatching(/^name contains a character that is not allowed/),
    });
    // Nothing was written.
    expect((await s.client().get('/api/user/playlists', bearer)).body).toEqual([]);
  });

  it('an unpaired surrogate in a playlist name (it would be stored as U+FFFD)', async () => {
    const res = await postRaw('/api/user/playlists', '{"name":"bad \\ud800 name"}', bearer);
    expect(res).toMatchObject({ status: 400, body: { message: expect.stringContaining('name') } });
    // A paired surrogate (an emoji) is fine.
    const ok = await postRaw('/api/user/playlists', '{"name":"good \\ud83c\\udfac name"}', bearer);
    expect(ok.status).toBe(201);
  });

  it('a NUL byte in an email, at sign-up, sign-in and reset', async () => {
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/request-password-reset',
    ]) {
      const res = await postRaw(path, '{"name":"N","email":"a\\u0000b@example.com","password":"secret123"}');
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(/^email contains a character that is not allowed/);
    }
  });

  it('a NUL byte in a query parameter or path (auth links, search)', async () => {
    for (const path of [
      '/api/auth/verify-email?token=abc%00def',
      '/api/auth/reset-password/abc%00def?callbackURL=/reset',
      '/api/tmdb/search/movie?query=a%00b',
    ]) {
      const res = await s.client().get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ message: expect.stringContaining('not allowed') });
    }
  });

  it('finds NUL and unpaired surrogates in keys and nested values, and nothing in clean text', () => {
    expect(findUnstorableText({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnstorableText('\udc00 low first')).toBe('body');
    expect(findUnstorableText({ name: 'Amélie 🎬 — 東京物語', n: 1, x: null, t: true })).toBeNull();
  });
});

describe('the account routes answer bad input with {message}', () => {
  it('a redirect target that is neither a path nor a URL is a 400 (Better Auth would answer 500)', async () => {
    const res = await s.client().get('/api/auth/verify-email?token=nope&callbackURL=0x10');
    expect(res).toMatchObject({ status: 400, body: { message: expect.stringContaining('callbackURL') } });
    for (const redirectTo of ['//evil.example/x', 'javascript:alert(1)', '']) {
      const reset = await s.client().post('/api/auth/request-password-reset', {
        email: 'bad-input@example.com',
        redirectTo,
      });
      expect(reset, redirectTo).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('redirectTo') },
      });
    }
    // The site's own paths still work.
    const ok = await s.client().get('/api/auth/verify-email?token=nope&callbackURL=%2Flogin');
    expect(ok.status).toBe(302);
  });

  it('an unknown account path or a wrong method is a 4xx with a message, not an empty body', async () => {
    const wrongMethod = await s.client().get('/api/auth/sign-in/email');
    expect(wrongMethod.status).toBeGreaterThanOrEqual(400);
    expect(wrongMethod.body).toEqual({ message: expect.any(String) });
    const unknown = await s.client().post('/api/auth/no-such-thing', {});
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: 'Route POST /api/auth/no-such-thing not found' },
    });
  });
});

describe('JSON depth and body size are bounded before any handler', () => {
  it('20,000 levels of nesting (under 64 KB) to the auth routes and a user route: 400', async () => {
    const arrays = '['.repeat(20_000) + ']'.repeat(20_000);
    const objects = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    expect(arrays.length).toBeLessThan(BODY_LIMIT);
    expect(objects.length).toBeLessThan(BODY_LIMIT);
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/user/playlists']) {
      for (const body of [arrays, objects, `{"email":"x@example.com","extra":${arrays}}`]) {
        const res = await postRaw(path, body, bearer);
        expect(res.status, path).toBe(400);
        expect(res.body, path).toEqual({ message: JSON_TOO_DEEP });
      }
    }
  });

  it('counts depth outside strings only, up to the limit', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ s: '[[[[[[[[[[\\"{{{{{{' }), 3)).toBe(false);
  });

  it('a body over the limit is a 413 with a message', async () => {
    const res = await postRaw(
      '/api/user/playlists',
      JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) }),
      bearer,
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('email addresses no mail server takes are refused', () => {
  const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`; // 189 characters

  it('a 300-character address at sign-up is a 400 with the spec message', async () => {
    const email = `${'a'.repeat(60)}@${'b'.repeat(235)}.com`;
    expect(email.length).toBe(300);
    const res = await s
      .client()
      .post('/api/auth/sign-up/email', { name: 'Long', email, password: 'secret123' });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_EMAIL', message: INVALID_EMAIL } });
  });

  it('a local part over 64 characters or an address over 254 is refused; the longest addresses work', async () => {
    for (const email of [`${'l'.repeat(65)}@example.com`, `${'m'.repeat(64)}@${domain}x`]) {
      const refused = await s
        .client()
        .post('/api/auth/sign-up/email', { name: 'L', email, password: 'secret123' });
      expect(refused, email).toMatchObject({
        status: 400,
        body: { code: 'INVALID_EMAIL', message: INVALID_EMAIL },
      });
    }
    const longest = `${'m'.repeat(64)}@${domain}`;
    expect(longest.length).toBe(254);
    const up = await s
      .client()
      .post('/api/auth/sign-up/email', { name: 'L', email: longest, password: 'secret123' });
    expect(up.status).toBe(200);
    // smtp-server (the real SMTP peer here) reads RFC 5321's 256-octet path as 253 characters of
    // address, one short of the usual 254: the mailed round trip uses 253.
    const deliverable = `${'n'.repeat(63)}@${domain}`;
    const { token } = await s.verifiedUser('Longest', deliverable);
    expect((await s.client().get('/api/user/likes', { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});

describe('slow clients are cut off', () => {
  const timeouts = { headersMs: 600, requestMs: 1_200, checkIntervalMs: 100 };

  /** Opens `n` sockets that each send `payload` and then nothing; resolves with what each got back. */
  async function stall(port: number, n: number, payload: string) {
    const started = Date.now();
    const ends = Array.from(
      { length: n },
      () =>
        new Promise<{ answer: string; ms: number }>((resolve) => {
          let answer = '';
          const socket: Socket = connect(port, '127.0.0.1', () => socket.write(payload));
          socket.on('data', (d) => (answer += d));
          socket.on('error', () => {});
          socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
        }),
    );
    return Promise.all(ends);
  }

  it('a body that never arrives (Content-Length 100, 16 bytes sent): 408 and closed, on every socket', async () => {
    const t = await createTestApp({ timeouts });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const head =
        'POST /api/chat/send HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
      const results = await stall(port, 20, `${head}{"message":"hi",`);
      for (const r of results) {
        expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(r.answer).toContain('{"message":"Request timed out"}');
        expect(r.ms).toBeLessThan(timeouts.requestMs + 3_000);
      }
    } finally {
      await t.close();
    }
  });

  it('headers that never finish: 408 and closed', async () => {
    const t = await createTestApp({ timeouts });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const results = await stall(port, 10, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      for (const r of results) {
        expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(r.ms).toBeLessThan(timeouts.headersMs + 3_000);
      }
    } finally {
      await t.close();
    }
  });

  it('the product runs with the default limits (headers 10 s, whole request 15 s)', () => {
    const server = s.app.server;
    expect(server.headersTimeout).toBe(DEFAULT_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(DEFAULT_TIMEOUTS.requestMs);
    expect(DEFAULT_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 15_000, checkIntervalMs: 1_000 });
  });
});
