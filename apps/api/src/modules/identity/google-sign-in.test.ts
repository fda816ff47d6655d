import { AUTH_MESSAGES, AuthFlows, AuthSession, type PopupOutcome } from '@app/auth-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browseOidcLogin,
  OIDC_ACCOUNTS,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  startOidcProvider,
} from '../../../test/fixtures/oidc-provider';
import { startAuthStack, type AuthStack } from '../../../test/helpers/auth-stack';
import { browserFetch, type CookieJars } from '../../../test/helpers/cookies';
import { freePort } from '../../../test/helpers/process';

let s: AuthStack;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  const port = await freePort();
  oidc = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/callback/google`);
  s = await startAuthStack({
    port,
    env: {
      GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      GOOGLE_ISSUER: oidc.issuer,
    },
  });
});
afterAll(async () => {
  await s?.close();
  await oidc?.close();
});

async function googleSignIn(accountId: string) {
  const c = s.client();
  const start = await c.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/auth/popup-callback',
    errorCallbackURL: '/auth/popup-callback?error=google',
    disableRedirect: true,
  });
  expect(start.status).toBe(200);
  const authUrl = new URL(start.body.url);
  expect(authUrl.origin).toBe(oidc.issuer);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256'); // PKCE
  const cookies = new Map([[new URL(s.base).origin, new Map<string, string>()]]);
  const { finalUrl } = await browseOidcLogin(authUrl.toString(), accountId, cookies);
  const callback = await c.get(finalUrl);
  const session = await c.get('/api/auth/get-session');
  return { c, callback, session };
}

describe('Google sign-in through OpenID Connect (a real local provider)', () => {
  it('the config says Google is available, and the popup page tells the opener', async () => {
    expect((await s.client().get('/api/config')).body.features.google_sign_in).toBe(true);
    const page = await s.client().get('/auth/popup-callback?error=google');
    // No inline script (the CSP allows none): the page loads its script, which reads ?error= itself.
    expect(page.body).toContain('<script src="/auth/popup-callback.js"></script>');
    expect(page.body).not.toMatch(/<script>/);
    // The popup keeps its opener: no Cross-Origin-Opener-Policy on its way back.
    expect(page.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await s.client().get('/auth/popup-callback.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.body).toContain("type: 'cinelog:oauth-popup'");
    expect(script.body).toContain("new URLSearchParams(location.search).get('error')");
  });

  it('a verified account with a name gets a session with that name', async () => {
    const { callback, session, c } = await googleSignIn('named');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/auth/popup-callback');
    expect(callback.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(session.body.user).toMatchObject({
      email: OIDC_ACCOUNTS.named!.email,
      name: 'Olivia Google',
      emailVerified: true,
    });
    const { token } = (await c.get('/api/auth/token')).body;
    expect((await c.get('/api/user/likes', { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('a verified account without a name gets a session with an empty name (the client sends it to /profile-setup)', async () => {
    const { session, c } = await googleSignIn('nameless');
    expect(session.body.user).toMatchObject({
      email: OIDC_ACCOUNTS.nameless!.email,
      name: '',
      emailVerified: true,
    });
    expect((await c.post('/api/auth/update-user', { name: 'Chosen Name' })).status).toBe(200);
    expect((await c.get('/api/auth/get-session')).body.user.name).toBe('Chosen Name');
  });

  it('an unverified account is marked unverified; its ID token opens no user route', async () => {
    const { session, c } = await googleSignIn('unverified');
    expect(session.body.user).toMatchObject({ email: OIDC_ACCOUNTS.unverified!.email, emailVerified: false });
    const { token } = (await c.get('/api/auth/token')).body;
    expect((await c.get('/api/user/likes', { authorization: `Bearer ${token}` })).status).toBe(403);
    expect(
      (await c.post('/api/auth/send-verification-email', { email: OIDC_ACCOUNTS.unverified!.email })).status,
    ).toBe(200);
    expect(s.smtp.mails.some((m) => m.to.includes(OIDC_ACCOUNTS.unverified!.email))).toBe(true);
  });
});

describe('AuthFlows.signInWithGoogle', () => {
  /** A browser: one cookie jar per origin, shared by the page and its popup. */
  function browser() {
    const cookies: CookieJars = new Map();
    const fetchWithCookies = browserFetch(s.base, cookies, 'manual');
    /** The popup: walks the provider as `accountId`, then loads our callback in the same browser. */
    const popup =
      (accountId: string | null) =>
      async (urlPromise: Promise<string>): Promise<PopupOutcome> => {
        const url = await urlPromise;
        if (accountId === null) return { kind: 'closed' };
        const { finalUrl } = await browseOidcLogin(url, accountId, cookies);
        const back = await fetchWithCookies(finalUrl);
        const location = back.headers.get('location') ?? '';
        return { kind: 'done', error: new URL(location, s.base).searchParams.get('error') };
      };
    return { client: new AuthFlows(new AuthSession({ baseUrl: s.base, fetch: fetchWithCookies })), popup };
  }

  it('verified with a name goes to /', async () => {
    const { client, popup } = browser();
    expect(await client.signInWithGoogle(popup('named'))).toEqual({ redirectTo: '/' });
    expect(client.session.currentUser).toMatchObject({ displayName: 'Olivia Google', emailVerified: true });
  });

  it('verified without a name goes to /profile-setup', async () => {
    const { client, popup } = browser();
    expect(await client.signInWithGoogle(popup('nameless2'))).toEqual({ redirectTo: '/profile-setup' });
  });

  it('unverified gets a verification mail, is signed out and sees the message', async () => {
    const { client, popup } = browser();
    const before = s.smtp.mails.length;
    await expect(client.signInWithGoogle(popup('unverified'))).rejects.toMatchObject({
      message: AUTH_MESSAGES.unverified,
    });
    expect(client.session.currentUser).toBeNull();
    expect(s.smtp.mails.length).toBe(before + 1);
  });

  it('closing the popup is a cancel with the spec message', async () => {
    const { client, popup } = browser();
    await expect(client.signInWithGoogle(popup(null))).rejects.toMatchObject({
      message: AUTH_MESSAGES.popupClosed,
    });
  });
});
