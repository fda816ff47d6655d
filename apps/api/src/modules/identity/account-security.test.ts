import { symmetricDecrypt } from 'better-auth/crypto';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack, type Client } from '../../../test/helpers/auth-stack';
import { SESSION_EXPIRED } from './auth-guard';
import { NO_USER_FOR_RESET, TOO_MANY_ATTEMPTS } from './identity.routes';

let s: AuthStack;
beforeAll(async () => {
  s = await startAuthStack();
});
afterAll(() => s.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** User routes of several modules: each must refuse a token whose session has ended. */
const USER_ROUTES = ['/api/user/likes', '/api/user/for-you', '/api/user/settings', '/api/user/playlists'];

async function expectRefusedEverywhere(c: Client, token: string) {
  for (const path of USER_ROUTES) {
    expect(await c.get(path, bearer(token)), path).toMatchObject({
      status: 401,
      body: { message: SESSION_EXPIRED },
    });
  }
}

describe('an ID token ends with its session', () => {
  it('signing out ends the tokens issued to that session on every user route, the cached likes read included', async () => {
    const { client, token } = await s.verifiedUser('Leaving', 'leaving@example.com');
    // A second device of the same account: signing out on one leaves the other signed in.
    const other = s.client();
    await other.post('/api/auth/sign-in/email', { email: 'leaving@example.com', password: 'secret123' });
    const otherToken = (await other.get('/api/auth/token')).body.token as string;
    expect(decodeJwt(token).sid).toEqual(expect.any(String));
    expect(decodeJwt(token).sid).not.toBe(decodeJwt(otherToken).sid);
    // Read twice: the second likes read is answered from the bytes kept for the cached list.
    const fast = () => s.app.cachedAnswers().likes;
    const before = fast();
    for (let i = 0; i < 2; i++) {
      for (const path of USER_ROUTES) expect((await client.get(path, bearer(token))).status, path).toBe(200);
    }
    expect(fast()).toBe(before + 1);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    await expectRefusedEverywhere(client, token);
    expect(fast()).toBe(before + 1);
    expect((await other.get('/api/user/likes', bearer(otherToken))).status).toBe(200);
  });

  it('a password reset ends every token of the account', async () => {
    const email = 'reset-tokens@example.com';
    const { client, token } = await s.verifiedUser('Reset', email, 'old-password');
    expect((await client.get('/api/user/likes', bearer(token))).status).toBe(200);
    const c = s.client();
    expect((await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(
      200,
    );
    const resetToken = new URL(await s.smtp.waitForLink(email, '/reset-password/')).pathname
      .split('/')
      .pop()!;
    expect(
      (await c.post('/api/auth/reset-password', { token: resetToken, newPassword: 'new-password' })).status,
    ).toBe(200);
    await expectRefusedEverywhere(client, token);
  });

  it("a password change that signs out the other sessions ends their tokens, not the changer's new one", async () => {
    const email = 'change-tokens@example.com';
    const { client } = await s.verifiedUser('Change', email, 'old-password');
    const other = s.client();
    await other.post('/api/auth/sign-in/email', { email, password: 'old-password' });
    const otherToken = (await other.get('/api/auth/token')).body.token as string;
    expect((await other.get('/api/user/likes', bearer(otherToken))).status).toBe(200);
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: 'old-password',
      newPassword: 'new-password',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    await expectRefusedEverywhere(other, otherToken);
    const fresh = (await client.get('/api/auth/token')).body.token as string;
    expect((await client.get('/api/user/likes', bearer(fresh))).status).toBe(200);
  });

  it('a token signed with the real key but naming no session, or a made-up one, is refused', async () => {
    const { token } = await s.verifiedUser('Nosid', 'nosid@example.com');
    const row = await sql<{ id: string; privateKey: string }>`select id, "privateKey" from jwks`.execute(
      s.db.db,
    );
    const { id: kid, privateKey } = row.rows[0]!;
    const secret = readFileSync(join(s.dataDir, 'auth-secret'), 'utf8').trim();
    const key = await importJWK(
      JSON.parse(await symmetricDecrypt({ key: secret, data: JSON.parse(privateKey) })),
      'EdDSA',
    );
    const { sid: _sid, ...claims } = decodeJwt(token);
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', kid }).sign(key);
    const c = s.client();
    expect((await c.get('/api/user/likes', bearer(await sign({ ...claims, sid: _sid })))).status).toBe(200);
    for (const payload of [claims, { ...claims, sid: 'no-such-session' }]) {
      expect(await c.get('/api/user/likes', bearer(await sign(payload)))).toMatchObject({
        status: 401,
        body: { message: SESSION_EXPIRED },
      });
    }
  });
});

describe('a deleted account', () => {
  it('is refused on GET /api/user/for-you as on every other user route', async () => {
    const { client, token } = await s.verifiedUser('Gone', 'gone-for-you@example.com');
    expect((await client.get('/api/user/for-you', bearer(token))).status).not.toBe(401);
    expect((await client.post('/api/auth/delete-user', {})).status).toBe(200);
    await expectRefusedEverywhere(client, token);
  });
});

describe('the email verification link', () => {
  it('works once: a second use answers as an invalid link does', async () => {
    const c = s.client();
    const email = 'twice@example.com';
    await c.post('/api/auth/sign-up/email', { name: 'Twice', email, password: 'secret123' });
    await c.post('/api/auth/send-verification-email', { email, callbackURL: '/login' });
    const link = s.smtp.linkFor(email);
    const first = await c.get(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/login');
    const invalid = await c.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin');
    const second = await c.get(link);
    expect(second.status).toBe(invalid.status);
    expect(second.headers.get('location')).toBe(invalid.headers.get('location'));
    expect(second.headers.get('location')).toBe('/login?error=INVALID_TOKEN');
    expect(second.headers.get('set-cookie')).toBeNull();
    // Without a callback: the JSON answer of an invalid link.
    const bare = new URL(link);
    bare.searchParams.delete('callbackURL');
    const bareInvalid = await c.get('/api/auth/verify-email?token=not-a-token');
    const bareSecond = await c.get(bare.pathname + bare.search);
    expect(bareSecond.status).toBe(bareInvalid.status);
    expect(bareSecond.body).toEqual(bareInvalid.body);
  });
});

describe('password reset requests', () => {
  it('a known address is answered without waiting for the mail server; the mail still goes', async () => {
    const email = 'slowmail@example.com';
    await s.verifiedUser('Slow', email);
    const c = s.client();
    s.smtp.state.delayMs = 1500;
    try {
      const started = performance.now();
      const known = await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset' });
      const knownMs = performance.now() - started;
      expect(known.status).toBe(200);
      expect(knownMs).toBeLessThan(1000);
      const unknown = await c.post('/api/auth/request-password-reset', {
        email: 'no-such-reader@example.com',
        redirectTo: '/reset',
      });
      expect(unknown).toMatchObject({ status: 404, body: { message: NO_USER_FOR_RESET } });
      expect(await s.smtp.waitForLink(email, '/reset-password/')).toContain('/api/auth/reset-password/');
    } finally {
      s.smtp.state.delayMs = 0;
    }
  });

  it('are limited per target address whatever the asking address, with Retry-After', async () => {
    const limited = await startAuthStack({
      smtp: s.smtp,
      env: { TRUST_PROXY: '1' },
      limits: { perIp: 100, perAccount: 2, windowSeconds: 60 },
    });
    try {
      await limited.verifiedUser('Target', 'reset-target@example.com');
      const c = limited.client();
      const ask = (ip: string) =>
        c.post(
          '/api/auth/request-password-reset',
          { email: 'reset-target@example.com' },
          { 'x-forwarded-for': ip },
        );
      expect((await ask('198.51.100.1')).status).toBe(200);
      expect((await ask('198.51.100.2')).status).toBe(200);
      const third = await ask('198.51.100.3');
      expect(third).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS } });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('guessing one account from many addresses', () => {
  it('is refused account-wide after the budget, while the owner on a device that signed in before still signs in', async () => {
    const limited = await startAuthStack({
      smtp: s.smtp,
      env: { TRUST_PROXY: '1' },
      limits: { perIp: 30, perAccount: 10, perAccountUntrusted: 6, windowSeconds: 60 },
    });
    try {
      const email = 'wanted@example.com';
      // The owner signed in from this browser before (at their own address).
      const { client: owner } = await limited.verifiedUser('Wanted', email, 'right-password');
      const OWNER = { 'x-forwarded-for': '203.0.113.20' };
      // 15 addresses, 3 wrong passwords each (45 guesses), each from a fresh client.
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<Client['post']>> | undefined;
      for (let a = 0; a < 15; a++) {
        const attacker = limited.client();
        for (let i = 0; i < 3; i++) {
          const res = await attacker.post(
            '/api/auth/sign-in/email',
            { email, password: `guess-${a}-${i}` },
            { 'x-forwarded-for': `198.51.100.${a + 1}` },
          );
          statuses.push(res.status);
          if (res.status === 429) refused = res;
        }
      }
      expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
      expect(statuses.slice(6).every((x) => x === 429)).toBe(true);
      expect(refused!.body).toEqual({ message: TOO_MANY_ATTEMPTS });
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      // Even the right password from a new address and a new browser is refused now...
      expect(
        (
          await limited
            .client()
            .post(
              '/api/auth/sign-in/email',
              { email, password: 'right-password' },
              { 'x-forwarded-for': '198.51.100.99' },
            )
        ).status,
      ).toBe(429);
      // ...and another account's device cookie, or a forged one, opens nothing.
      const { client: stranger } = await limited.verifiedUser(
        'Stranger',
        'stranger@example.com',
        'pw-stranger',
      );
      expect(
        (
          await stranger.post(
            '/api/auth/sign-in/email',
            { email, password: 'right-password' },
            { 'x-forwarded-for': '198.51.100.98' },
          )
        ).status,
      ).toBe(429);
      const forger = limited.client();
      for (const [name, value] of owner.cookies)
        if (name.includes('device')) forger.cookies.set(name, `${value}x`);
      expect(forger.cookies.size).toBeGreaterThan(0);
      expect(
        (
          await forger.post(
            '/api/auth/sign-in/email',
            { email, password: 'right-password' },
            { 'x-forwarded-for': '198.51.100.97' },
          )
        ).status,
      ).toBe(429);
      // The owner's browser is not locked out: a typo is a plain 401, the right password signs in.
      expect((await owner.post('/api/auth/sign-in/email', { email, password: 'typo' }, OWNER)).status).toBe(
        401,
      );
      expect(
        (await owner.post('/api/auth/sign-in/email', { email, password: 'right-password' }, OWNER)).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
