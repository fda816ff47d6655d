import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAuthStack, type AuthStack } from '../../test/helpers/auth-stack';
import { MAX_REDIRECT_LENGTH, REDIRECT_REFUSED, redirectAllowed } from './request-guards';

/** What the process wrote: the app's log (pino, at trace), and the console (where Better Auth logs). */
const logText: string[] = [];
const consoleText: string[] = [];
let s: AuthStack;
beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleText.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    });
  }
  s = await startAuthStack({ log: { level: 'trace', stream: { write: (line) => void logText.push(line) } } });
});
afterAll(async () => {
  await s?.close();
  vi.restoreAllMocks();
});

describe('nothing a client sends can put a line break into a log line', () => {
  it('a CR/LF (or another control character) in a query or a path is 400 {message}, before any handler', async () => {
    const forged = '2026-01-01T00:00:00.000Z ERROR [Better Auth]: FORGED admin signed in';
    for (const [path, field] of [
      // Better Auth logs `error` as it came ("State not found", error) when there is no state.
      [`/api/auth/callback/x?error=${encodeURIComponent(`denied\r\n${forged}`)}`, 'query error'],
      [`/api/auth/callback/x?error=${encodeURIComponent(`denied\n${forged}`)}`, 'query error'],
      [`/api/auth/callback/x?error=${encodeURIComponent(`\u001b[2K\r${forged}`)}`, 'query error'],
      [
        `/api/auth/callback/x?error=e&error_description=${encodeURIComponent(`\r${forged}`)}`,
        'query error_description',
      ],
      [`/api/tmdb/movie/${encodeURIComponent(`1\n${forged}`)}`, 'path id'],
    ]) {
      const res = await s.client().get(path!);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({
        message: `${field} contains a character that is not allowed (a line break or another control character)`,
      });
    }
    // The log is one JSON object per line (the URLs in it percent-encoded); the console never
    // saw the value.
    const logLines = logText
      .join('')
      .split(/\r\n|\r|\n/)
      .filter(Boolean);
    expect(logLines.some((l) => l.includes('/api/auth/callback/x?error='))).toBe(true);
    for (const line of logLines) expect(() => JSON.parse(line), line).not.toThrow();
    for (const text of [...logText, ...consoleText])
      for (const line of text.split(/\r\n|\r|\n/))
        expect(line.startsWith('2026-01-01T00:00:00.000Z'), line).toBe(false);
    expect(consoleText.join('\n')).not.toContain('FORGED');
  });

  it('a tab in a query is still taken (line breaks in a JSON body are text, logged as JSON)', async () => {
    const res = await s
      .client()
      .get(`/api/tmdb/search/movie?query=${encodeURIComponent('star\twars')}&page=1`);
    expect(res.status).toBe(200);
  });
});

describe('a redirect is a short address on this site', () => {
  it('a long value sent to the OAuth callback does not come back in a Location header: 400 {message}', async () => {
    // Better Auth answers a POST to its callback with a redirect to the same callback, every
    // parameter of the body put in the URL.
    const huge = 'A'.repeat(60_000);
    const res = await s.client().post('/api/auth/callback/x', { error: huge });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: REDIRECT_REFUSED });
    expect(res.headers.get('location')).toBeNull();
    // The answer still carries the security headers.
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('an ordinary redirect of the same kind still works', async () => {
    const res = await s.client().post('/api/auth/callback/x', { error: 'access_denied' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!, s.base);
    expect(location.origin).toBe(s.base);
    expect(location.searchParams.get('error')).toBe('access_denied');
  });

  it('redirectAllowed: a path or a URL of one of our origins, at most MAX_REDIRECT_LENGTH characters', () => {
    const here = 'http://127.0.0.1:3000';
    const ours = ['https://cinelog.example'];
    for (const ok of ['/login?verified=1', 'login', `${here}/x`, 'https://cinelog.example/reset?token=t'])
      expect(redirectAllowed(ok, here, ours), ok).toBe(true);
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example/x',
      'https://evil.example/',
      'http://cinelog.example/', // the right host, the wrong scheme: another origin
      'javascript:alert(1)',
      `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`,
    ])
      expect(redirectAllowed(bad, here, ours), bad).toBe(false);
  });
});
