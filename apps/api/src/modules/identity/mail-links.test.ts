import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from '../../../test/helpers/auth-stack';
import { mailLink } from './auth';

describe('mailLink: the origin of a mailed link', () => {
  const base = 'http://localhost:3000';
  const loopback = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];
  const url = `${base}/api/auth/verify-email?token=t&callbackURL=%2Flogin`;
  const req = (u: string) => new Request(u);

  it('follows the request to another loopback name of the same port', () => {
    expect(mailLink(url, base, loopback, req('http://127.0.0.1:3000/api/auth/x'))).toBe(
      'http://127.0.0.1:3000/api/auth/verify-email?token=t&callbackURL=%2Flogin',
    );
    expect(mailLink(url, base, loopback, req('http://[::1]:3000/api/auth/x'))).toMatch(
      /^http:\/\/\[::1\]:3000\//,
    );
  });

  it('never follows a Host that is not allowed: another host, another port, or with PUBLIC_URL none', () => {
    for (const from of [
      'http://evil.example/api/auth/x',
      'http://127.0.0.1:4000/api/auth/x',
      'https://127.0.0.1:3000/api/auth/x',
      'http://localhost.evil.example:3000/api/auth/x',
    ]) {
      expect(mailLink(url, base, loopback, req(from)), from).toBe(url);
    }
    expect(mailLink(url, base, [], req('http://127.0.0.1:3000/x'))).toBe(url);
    expect(mailLink(url, base, loopback)).toBe(url);
  });
});

describe('mailed links over HTTP', () => {
  let s: AuthStack;
  beforeAll(async () => {
    // As `npm start` without PUBLIC_URL: public origin localhost, the site also reached at 127.0.0.1.
    s = await startAuthStack({
      baseURL: (port) => `http://localhost:${port}`,
      linkOrigins: (port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    });
  });
  afterAll(() => s.close());

  it('a visitor at 127.0.0.1 gets verification and reset links at 127.0.0.1, which work there', async () => {
    const c = s.client(); // talks to http://127.0.0.1:port
    const email = 'here@example.com';
    expect(
      (await c.post('/api/auth/sign-up/email', { name: 'H', email, password: 'secret123' })).status,
    ).toBe(200);
    expect(
      (await c.post('/api/auth/send-verification-email', { email, callbackURL: '/login?verified=1' })).status,
    ).toBe(200);
    const verify = s.smtp.linkFor(email);
    expect(new URL(verify).origin).toBe(s.base);
    const landed = await c.get(verify);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/login?verified=1');
    expect((await c.post('/api/auth/sign-in/email', { email, password: 'secret123' })).status).toBe(200);

    expect(
      (await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status,
    ).toBe(200);
    const reset = await s.smtp.waitForLink(email, '/api/auth/reset-password/');
    expect(new URL(reset).origin).toBe(s.base);
    const page = await c.get(reset);
    expect(page.status).toBe(302);
    const to = new URL(page.headers.get('location')!, s.base);
    expect(`${to.origin}${to.pathname}`).toBe(`${s.base}/reset-password`);
    expect(to.searchParams.get('token')).toEqual(expect.any(String));
  });

  it('a forged Host header gets links to the public origin, not to the forged host', async () => {
    await s.verifiedUser('Victim', 'victim@example.com');
    const port = new URL(s.base).port;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: {
        host: 'evil.example',
        'content-type': 'application/json',
        origin: `http://localhost:${port}`,
      },
      payload: { email: 'victim@example.com', redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    const link = await s.smtp.waitForLink('victim@example.com', '/api/auth/reset-password/');
    expect(new URL(link).origin).toBe(`http://localhost:${port}`);
  });
});
