import { symmetricDecrypt } from 'better-auth/crypto';
import { decodeJwt, generateKeyPair, importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from '../../../test/helpers/auth-stack';
import { VERIFY_SEND_FAILED } from './auth';
import { EMAIL_NOT_VERIFIED, SESSION_EXPIRED } from './auth-guard';
import { NO_USER_FOR_RESET, TOO_MANY_ATTEMPTS } from './identity.routes';

let s: AuthStack;
beforeAll(async () => {
  s = await startAuthStack();
});
afterAll(() => s.close());

describe('accounts over HTTP with a real SMTP server', () => {
  it('sign-up → mail → unverified sign-in refused → verify from the link → sign-in → ID token → user route', async () => {
    const c = s.client();
    const email = 'ada@example.com';
    const up = await c.post('/api/auth/sign-up/email', { name: 'Ada', email, password: 'secret123' });
    expect(up.status).toBe(200);
    expect(up.body.token).toBeNull(); // no session before verification
    expect((await c.post('/api/auth/send-verification-email', { email, callbackURL: '/login' })).status).toBe(
      200,
    );
    const mail = s.smtp.mails.find((m) => m.to.includes(email))!;
    expect(mail.subject).toContain('Cinelog');
    expect(mail.text).toContain('/api/auth/verify-email?token=');
    expect(mail.html).toContain('Verify my email');

    const refused = await c.post('/api/auth/sign-in/email', { email, password: 'secret123' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('EMAIL_NOT_VERIFIED');

    const verify = await c.get(s.smtp.linkFor(email));
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/login');

    const signIn = await c.post('/api/auth/sign-in/email', { email, password: 'secret123' });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ email, name: 'Ada', emailVerified: true });

    const { token } = (await c.get('/api/auth/token')).body;
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: signIn.body.user.id,
      email,
      name: 'Ada',
      email_verified: true,
      aud: s.base,
      iss: s.base,
    });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);

    const jwks = await c.get('/api/auth/jwks');
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(JSON.stringify(jwks.body)).not.toContain('"d"');

    const likes = await c.get('/api/user/likes', { authorization: `Bearer ${token}` });
    expect(likes).toMatchObject({ status: 200, body: [] });
  });

  it('wrong password and unknown user give the same answer', async () => {
    await s.verifiedUser('Bob', 'bob@example.com');
    const c = s.client();
    const wrong = await c.post('/api/auth/sign-in/email', {
      email: 'bob@example.com',
      password: 'nope-nope',
    });
    const unknown = await c.post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('rejects short passwords, bad emails and duplicate accounts', async () => {
    const c = s.client();
    const short = await c.post('/api/auth/sign-up/email', {
      name: 'S',
      email: 'short@example.com',
      password: '12345',
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    const badEmail = await c.post('/api/auth/sign-up/email', {
      name: 'S',
      email: 'not-an-email',
      password: '123456',
    });
    expect(badEmail.status).toBe(400);
    await c.post('/api/auth/sign-up/email', { name: 'D', email: 'dup@example.com', password: '123456' });
    const dup = await c.post('/api/auth/sign-up/email', {
      name: 'D',
      email: 'dup@example.com',
      password: '123456',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it('resets a password end to end, and answers the spec message for an unknown address', async () => {
    await s.verifiedUser('Cy', 'cy@example.com', 'old-password');
    const c = s.client();
    const unknown = await c.post('/api/auth/request-password-reset', {
      email: 'ghost@example.com',
      redirectTo: '/reset',
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: NO_USER_FOR_RESET } });

    expect(
      (await c.post('/api/auth/request-password-reset', { email: 'cy@example.com', redirectTo: '/reset' }))
        .status,
    ).toBe(200);
    const link = await s.smtp.waitForLink('cy@example.com', '/api/auth/reset-password/');
    const token = new URL(link).pathname.split('/').pop()!;
    const reset = await c.post('/api/auth/reset-password', { token, newPassword: 'new-password' });
    expect(reset.status).toBe(200);
    expect(
      (await c.post('/api/auth/sign-in/email', { email: 'cy@example.com', password: 'old-password' })).status,
    ).toBe(401);
    expect(
      (await c.post('/api/auth/sign-in/email', { email: 'cy@example.com', password: 'new-password' })).status,
    ).toBe(200);
    // A used token cannot be used again.
    expect((await c.post('/api/auth/reset-password', { token, newPassword: 'third-password' })).status).toBe(
      400,
    );
  });

  it('updates the display name, and a fresh token carries it', async () => {
    const { client } = await s.verifiedUser('Old Name', 'name@example.com');
    expect((await client.post('/api/auth/update-user', { name: 'New Name' })).status).toBe(200);
    const { token } = (await client.get('/api/auth/token')).body;
    expect(decodeJwt(token).name).toBe('New Name');
  });

  it('signs out: the session no longer yields tokens', async () => {
    const { client } = await s.verifiedUser('Out', 'out@example.com');
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/api/auth/token')).status).toBe(401);
  });

  it('a mail that cannot be sent gives the spec message, and a new one can be asked for', async () => {
    const c = s.client();
    await c.post('/api/auth/sign-up/email', {
      name: 'M',
      email: 'mailfail@example.com',
      password: 'secret123',
    });
    s.smtp.state.refuse = true;
    try {
      const failed = await c.post('/api/auth/send-verification-email', { email: 'mailfail@example.com' });
      expect(failed.status).toBe(503);
      expect(failed.body.message).toBe(VERIFY_SEND_FAILED);
    } finally {
      s.smtp.state.refuse = false;
    }
    expect(
      (await c.post('/api/auth/send-verification-email', { email: 'mailfail@example.com' })).status,
    ).toBe(200);
    expect(s.smtp.mails.some((m) => m.to.includes('mailfail@example.com'))).toBe(true);
  });
});

describe('ID tokens on user routes', () => {
  it('missing, malformed, tampered, expired and foreign tokens are 401 with the session message', async () => {
    const { token } = await s.verifiedUser('Tok', 'tok@example.com');
    const c = s.client();
    const [h, p, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url')}.${sig}`;
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const foreign = await new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'EdDSA', kid: JSON.parse(Buffer.from(h!, 'base64url').toString()).kid })
      .sign(privateKey);
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${tampered}` },
      { authorization: `Bearer ${foreign}` },
    ]) {
      const res = await c.get('/api/user/likes', headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: SESSION_EXPIRED });
    }
    expect((await c.get('/api/user/likes', { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('a token for another audience or issuer, or expired, is refused', async () => {
    const { token } = await s.verifiedUser('Aud', 'aud@example.com');
    // Re-sign with the server's own key is impossible from outside; instead check the verifier
    // rules directly with a key we control served as this server's JWKS is not possible either,
    // so we use a second stack (another issuer) whose tokens must not open this one.
    const other = await startAuthStack({ smtp: s.smtp });
    try {
      const { token: otherToken } = await other.verifiedUser('Other', 'other-aud@example.com');
      const c = s.client();
      expect((await c.get('/api/user/likes', { authorization: `Bearer ${otherToken}` })).status).toBe(401);
      expect((await other.client().get('/api/user/likes', { authorization: `Bearer ${token}` })).status).toBe(
        401,
      );
    } finally {
      await other.close();
    }
  });

  it('a token signed with the real key but without exp (or issued too long ago) is refused', async () => {
    const { token } = await s.verifiedUser('Forever', 'forever@example.com');
    // The server's own signing key, as Better Auth keeps it: encrypted with the auth secret.
    const row = await sql<{ id: string; privateKey: string }>`select id, "privateKey" from jwks`.execute(
      s.db.db,
    );
    const { id: kid, privateKey } = row.rows[0]!;
    const secret = readFileSync(join(s.dataDir, 'auth-secret'), 'utf8').trim();
    const jwk = JSON.parse(await symmetricDecrypt({ key: secret, data: JSON.parse(privateKey) }));
    const key = await importJWK(jwk, 'EdDSA');
    const claims = decodeJwt(token);
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', kid }).sign(key);
    const { exp: _exp, ...noExp } = claims;
    const now = Math.floor(Date.now() / 1000);
    const c = s.client();
    // The same claims re-signed with the real key are accepted: the key and the check are right.
    expect((await c.get('/api/user/likes', { authorization: `Bearer ${await sign(claims)}` })).status).toBe(
      200,
    );
    for (const payload of [
      noExp,
      { ...claims, iat: undefined },
      { ...claims, iat: now - 2 * 3600, exp: now + 3600 },
    ]) {
      const res = await c.get('/api/user/likes', { authorization: `Bearer ${await sign(payload)}` });
      expect(res).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    }
  });

  it('an unverified account is refused with 403', async () => {
    // Only verified accounts get sessions by email; a token that says unverified is refused anyway.
    const { TokenVerifier } = await import('./token-verifier');
    const { requireVerifiedUser } = await import('./auth-guard');
    const verifier = Object.assign(Object.create(TokenVerifier.prototype), {
      verify: async () => ({ uid: 'u', email: 'e@x.y', displayName: null, emailVerified: false }),
    });
    await expect(
      requireVerifiedUser(verifier)({ headers: { authorization: 'Bearer x' } } as never),
    ).rejects.toMatchObject({
      statusCode: 403,
      message: EMAIL_NOT_VERIFIED,
    });
  });
});

describe('auth rate limits', () => {
  // Two visitors behind the proxy (TRUST_PROXY=1): the attacker at 198.51.100.7, the owner elsewhere.
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const ATTACKER = from('198.51.100.7');
  const OWNER = from('203.0.113.20');

  it('failed sign-ins limit the (account, address) pair, with the spec message; the owner elsewhere signs in', async () => {
    const limited = await startAuthStack({
      smtp: s.smtp,
      env: { TRUST_PROXY: '1' },
      limits: { perIp: 8, perAccount: 3, windowSeconds: 60 },
    });
    try {
      await limited.verifiedUser('Victim', 'victim@example.com', 'right-password');
      const attacker = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await attacker.post(
          '/api/auth/sign-in/email',
          { email: 'victim@example.com', password: `guess-${i}` },
          ATTACKER,
        );
        statuses.push(res.status);
        if (res.status === 429) expect(res.body).toEqual({ message: TOO_MANY_ATTEMPTS });
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Even the right password is refused to the attacker's address now...
      const attackerRight = await attacker.post(
        '/api/auth/sign-in/email',
        { email: 'VICTIM@example.com ', password: 'right-password' },
        ATTACKER,
      );
      expect(attackerRight.status).toBe(429);
      // ...but the owner, from another address, is not locked out: a typo is a plain 401, the
      // right password signs in.
      const owner = limited.client();
      expect(
        (
          await owner.post(
            '/api/auth/sign-in/email',
            { email: 'victim@example.com', password: 'typo' },
            OWNER,
          )
        ).status,
      ).toBe(401);
      expect(
        (
          await owner.post(
            '/api/auth/sign-in/email',
            { email: 'victim@example.com', password: 'right-password' },
            OWNER,
          )
        ).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('an address that fails on many accounts hits its own, higher limit; a success clears only its pair', async () => {
    const limited = await startAuthStack({
      smtp: s.smtp,
      env: { TRUST_PROXY: '1' },
      limits: { perIp: 8, perAccount: 3, windowSeconds: 60 },
    });
    try {
      await limited.verifiedUser('Owner', 'owner@example.com', 'right-password');
      const c = limited.client();
      const signIn = (email: string, password: string, headers = OWNER) =>
        c.post('/api/auth/sign-in/email', { email, password }, headers).then((r) => r.status);
      // Two typos then the right password: the pair's failures are forgotten, three typos are 401s again.
      expect([await signIn('owner@example.com', 'x'), await signIn('owner@example.com', 'y')]).toEqual([
        401, 401,
      ]);
      expect(await signIn('owner@example.com', 'right-password')).toBe(200);
      expect([
        await signIn('owner@example.com', 'a'),
        await signIn('owner@example.com', 'b'),
        await signIn('owner@example.com', 'c'),
      ]).toEqual([401, 401, 401]);
      // The address has now failed 5 times; 3 more on other accounts use up its budget of 8.
      expect([
        await signIn('a1@example.com', 'z'),
        await signIn('a2@example.com', 'z'),
        await signIn('a3@example.com', 'z'),
        await signIn('a4@example.com', 'z'),
      ]).toEqual([401, 401, 401, 429]);
      // The address-wide limit covers the mail-sending endpoints too; another address is untouched.
      expect(
        (await c.post('/api/auth/request-password-reset', { email: 'owner@example.com' }, OWNER)).status,
      ).toBe(429);
      expect(await signIn('owner@example.com', 'right-password', ATTACKER)).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('parallel guesses cannot slip past the limit', async () => {
    const limited = await startAuthStack({
      smtp: s.smtp,
      env: { TRUST_PROXY: '1' },
      limits: { perIp: 100, perAccount: 3, windowSeconds: 60 },
    });
    try {
      const c = limited.client();
      const statuses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          c
            .post('/api/auth/sign-in/email', { email: 'target@example.com', password: `p${i}` }, ATTACKER)
            .then((r) => r.status),
        ),
      );
      expect(statuses.filter((x) => x === 401)).toHaveLength(3);
      expect(statuses.filter((x) => x === 429)).toHaveLength(9);
    } finally {
      await limited.close();
    }
  });

  it('mail-sending endpoints stay limited per account', async () => {
    const limited = await startAuthStack({
      smtp: s.smtp,
      limits: { perIp: 100, perAccount: 2, windowSeconds: 60 },
    });
    try {
      const c = limited.client();
      const reset = () => c.post('/api/auth/request-password-reset', { email: 'nobody@example.com' });
      expect([(await reset()).status, (await reset()).status, (await reset()).status]).toEqual([
        404, 404, 429,
      ]);
    } finally {
      await limited.close();
    }
  });
});
