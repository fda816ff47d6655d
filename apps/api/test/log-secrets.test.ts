import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redactUrl } from '../src/lib/logger';
import { startAuthStack, type AuthStack } from './helpers/auth-stack';

const lines: string[] = [];
let s: AuthStack;
beforeAll(async () => {
  // Everything the process could print: the app's log at its most verbose, and the console
  // (where libraries such as Better Auth write).
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    });
  }
  s = await startAuthStack({
    // No SMTP server: mails go to the outbox, whose log line used to carry the link.
    env: { SMTP_URL: '' },
    log: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
  });
});
afterAll(async () => {
  await s.close();
  vi.restoreAllMocks();
});

/** The newest outbox mail's link to `path` (quoted-printable undone). */
function outboxLink(email: string, path: string): string {
  const dir = join(s.dataDir, 'outbox');
  const file = readdirSync(dir)
    .filter((f) => f.includes(email))
    .sort()
    .pop()!;
  const raw = readFileSync(join(dir, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return new RegExp(`https?://[^\\s"<]+${path}[^\\s"<]+`).exec(raw)![0];
}

describe('secrets never reach the log', () => {
  it('a full sign-up, verify, sign-in, user route, reset and sign-out: no password, token, cookie or key in the log', async () => {
    const email = 'log-secrets@example.com';
    const [firstPassword, newPassword] = ['first-Pa55word-xyz', 'second-Pa55word-xyz'];
    const c = s.client();
    expect(
      (await c.post('/api/auth/sign-up/email', { name: 'Logan', email, password: firstPassword })).status,
    ).toBe(200);
    expect((await c.post('/api/auth/send-verification-email', { email, callbackURL: '/login' })).status).toBe(
      200,
    );
    const verifyLink = outboxLink(email, '/api/auth/verify-email');
    const verifyToken = new URL(verifyLink).searchParams.get('token')!;
    expect((await c.get(verifyLink)).status).toBe(302);

    expect((await c.post('/api/auth/sign-in/email', { email, password: firstPassword })).status).toBe(200);
    const sessionCookies = [...c.cookies.values()];
    const jwt = (await c.get('/api/auth/token')).body.token as string;
    expect((await c.get('/api/user/likes', { authorization: `Bearer ${jwt}` })).status).toBe(200);
    // A token where a client should not put it: in a query string, and on an unknown path.
    await c.get(`/api/user/likes?access_token=${jwt}`);
    await c.get(`/api/nowhere/${jwt}`);

    expect((await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(
      200,
    );
    const resetLink = outboxLink(email, '/api/auth/reset-password/');
    const resetToken = new URL(resetLink).pathname.split('/').pop()!;
    // The mailed link itself: GET /api/auth/reset-password/<token>?callbackURL=/reset
    const landing = await c.get(resetLink);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toContain(resetToken);
    expect((await c.post('/api/auth/reset-password', { token: resetToken, newPassword })).status).toBe(200);
    expect((await c.post('/api/auth/sign-in/email', { email, password: newPassword })).status).toBe(200);
    const laterCookies = [...c.cookies.values()];
    expect((await c.post('/api/auth/sign-out', {})).status).toBe(200);

    const log = lines.join('\n');
    // The log is there (every request was logged) and says where the mails went...
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('/api/auth/verify-email?token=[redacted]');
    expect(log).toContain('mail written to the outbox');
    // ...and holds none of the secrets.
    const authSecret = readFileSync(join(s.dataDir, 'auth-secret'), 'utf8').trim();
    const secrets = {
      firstPassword,
      newPassword,
      verifyToken,
      resetToken,
      jwt,
      jwtSignature: jwt.split('.')[2]!,
      authSecret,
      ...Object.fromEntries([...sessionCookies, ...laterCookies].map((v, i) => [`cookie${i}`, v])),
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(log.includes(secret), `${name} is in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${name} (encoded) is in the log`).toBe(false);
    }
  });
});

describe(redactUrl.name, () => {
  it('redacts tokens in paths, secret query parameters and JWTs anywhere, and keeps the rest', () => {
    expect(redactUrl('/api/auth/reset-password/AbC123?callbackURL=%2Freset')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=[redacted]',
    );
    expect(redactUrl('/api/auth/callback/google?code=c0de&state=st4te&iss=x')).toBe(
      '/api/auth/callback/google?code=[redacted]&state=[redacted]&iss=x',
    );
    expect(redactUrl('/api/tmdb/search/movie?query=alien&page=2')).toBe(
      '/api/tmdb/search/movie?query=alien&page=2',
    );
    expect(redactUrl('/x/eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl/y')).toBe('/x/[redacted]/y');
    // A public playlist's slug is its key.
    expect(redactUrl('/p/AbCdEfGhIjKlMnOpQrStUv')).toBe('/p/[redacted]');
    expect(redactUrl('/api/public/playlists/AbCdEfGhIjKlMnOpQrStUv')).toBe(
      '/api/public/playlists/[redacted]',
    );
    expect(redactUrl('/playlist/12')).toBe('/playlist/12');
  });
});
