import type { AuthError } from '@app/auth-client';
import {
  AUTH_MESSAGES,
  AuthFlows,
  AuthSession,
  VERIFIED_CALLBACK,
  type AuthSessionOptions,
  type AuthUser,
} from '@app/auth-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from './helpers/auth-stack';
import { browserFetch } from './helpers/cookies';

let s: AuthStack;
beforeAll(async () => {
  s = await startAuthStack();
});
afterAll(() => s.close());

/** The flows on `better-auth/client` over a session, as the web app has them. */
const authClient = (opts: AuthSessionOptions) => new AuthFlows(new AuthSession(opts));

describe('@app/auth-client (the session and the flows on better-auth/client)', () => {
  it('registers as the spec says, refuses an unverified login, then signs in and observes the user', async () => {
    const client = authClient({ baseUrl: s.base, fetch: browserFetch(s.base) });
    const seen: (AuthUser | null)[] = [];
    client.session.onAuthStateChanged((u) => seen.push(u));
    expect(await client.register('Grace', 'grace@example.com', 'secret123')).toBe(AUTH_MESSAGES.registered);
    expect(client.session.currentUser).toBeNull();
    await expect(client.signIn('grace@example.com', 'secret123')).rejects.toMatchObject({
      message: AUTH_MESSAGES.unverified,
    });

    await fetch(s.smtp.linkFor('grace@example.com'), { redirect: 'manual' });
    const user = await client.signIn('grace@example.com', 'secret123');
    expect(user).toEqual({
      uid: expect.any(String),
      displayName: 'Grace',
      email: 'grace@example.com',
      emailVerified: true,
    });
    expect(seen.at(-1)).toEqual(user);

    const token = await client.session.getIdToken();
    expect(token).toMatch(/^ey/);
    expect(await client.session.getIdToken()).toBe(token); // cached while fresh
    const likes = await fetch(`${s.base}/api/user/likes`, { headers: { authorization: `Bearer ${token}` } });
    expect(likes.status).toBe(200);

    await client.updateDisplayName('Grace H.');
    expect(client.session.currentUser!.displayName).toBe('Grace H.');
    await client.session.signOut();
    expect(seen.at(-1)).toBeNull();
    expect(await client.session.getIdToken()).toBeNull();
  });

  it("a token request overtaken by a sign-out and another user's sign-in never becomes the new user's token", async () => {
    const base = browserFetch(s.base);
    // The first /token answer is held back until after Alice signs out and Bob signs in.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holdNext = true;
    const slowFetch: typeof fetch = async (input, init) => {
      const res = await base(input, init);
      if (String(input).endsWith('/api/auth/token') && holdNext) {
        holdNext = false;
        await held;
      }
      return res;
    };
    const client = authClient({ baseUrl: s.base, fetch: slowFetch });
    await s.verifiedUser('Race Alice', 'race-alice@example.com', 'secret123');
    await s.verifiedUser('Race Bob', 'race-bob@example.com', 'secret123');
    const alice = await client.signIn('race-alice@example.com', 'secret123');
    const aliceToken = client.session.getIdToken(); // slow: answered with Alice's token later
    await client.session.signOut();
    const bob = await client.signIn('race-bob@example.com', 'secret123');
    release();
    expect(await aliceToken).toBeNull(); // dropped: it set out under Alice
    const token = await client.session.getIdToken();
    const sub = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).sub;
    expect(sub).toBe(bob.uid);
    expect(sub).not.toBe(alice.uid);
  });

  it('resends the verification mail, whose link lands on the login page saying so', async () => {
    const client = authClient({ baseUrl: s.base, fetch: browserFetch(s.base) });
    await client.register('Resend', 'resend@example.com', 'secret123');
    const before = s.smtp.mails.length;
    expect(await client.resendVerification('resend@example.com')).toBe(AUTH_MESSAGES.registered);
    expect(s.smtp.mails.length).toBe(before + 1);
    const landed = await fetch(s.smtp.linkFor('resend@example.com'), { redirect: 'manual' });
    expect(landed.headers.get('location')).toBe(VERIFIED_CALLBACK);
    // For an unknown address the answer is the same (nothing is said about which accounts exist).
    expect(await client.resendVerification('nobody-here@example.com')).toBe(AUTH_MESSAGES.registered);
    expect(s.smtp.mails.length).toBe(before + 1);
  });

  it('changes the password (checking the current one), and deletes the account', async () => {
    const client = authClient({ baseUrl: s.base, fetch: browserFetch(s.base) });
    await s.verifiedUser('Acct', 'acct@example.com', 'first-pass');
    await client.signIn('acct@example.com', 'first-pass');
    await expect(client.changePassword('wrong-pass', 'second-pass')).rejects.toMatchObject({
      message: AUTH_MESSAGES.wrongCurrentPassword,
    });
    await client.changePassword('first-pass', 'second-pass');
    expect(await client.session.getIdToken()).toMatch(/^ey/); // still signed in on this session
    await client.session.signOut();
    await expect(client.signIn('acct@example.com', 'first-pass')).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidCredentials,
    });
    await client.signIn('acct@example.com', 'second-pass');

    await expect(client.deleteAccount('wrong-pass')).rejects.toMatchObject({
      message: AUTH_MESSAGES.wrongCurrentPassword,
    });
    expect(client.session.currentUser).not.toBeNull();
    await client.deleteAccount('second-pass');
    expect(client.session.currentUser).toBeNull();
    await expect(client.signIn('acct@example.com', 'second-pass')).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidCredentials,
    });
  });

  it('refreshes the ID token before it expires', async () => {
    // The clock runs in real time, moved forward once the first token is held (so slow set-up on a
    // busy machine cannot leave the token outside the refresh margin).
    let offset = 0;
    const client = authClient({
      baseUrl: s.base,
      fetch: browserFetch(s.base),
      now: () => Date.now() + offset,
      refreshMarginMs: 60_000,
    });
    await s.verifiedUser('Ref', 'refresh@example.com');
    await client.signIn('refresh@example.com', 'secret123');
    const first = await client.session.getIdToken();
    offset = 14 * 60_000 + 1_000; // within a minute of the 15-minute expiry
    await new Promise((r) => setTimeout(r, 1100)); // a new token gets a new iat
    const second = await client.session.getIdToken();
    expect(second).not.toBe(first);
  });

  it('maps server errors to the spec messages', async () => {
    const client = authClient({ baseUrl: s.base, fetch: browserFetch(s.base) });
    await s.verifiedUser('Known', 'known@example.com');
    const attempt = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: AuthError) => e.message,
      );
    expect(await attempt(client.signIn('known@example.com', 'wrong-pass'))).toBe(
      AUTH_MESSAGES.invalidCredentials,
    );
    expect(await attempt(client.signIn('nobody@example.com', 'wrong-pass'))).toBe(
      AUTH_MESSAGES.invalidCredentials,
    );
    expect(await attempt(client.register('K', 'known@example.com', 'secret123'))).toBe(
      AUTH_MESSAGES.emailInUse,
    );
    expect(await attempt(client.register('K', 'weak@example.com', '123'))).toBe(AUTH_MESSAGES.weakPassword);
    expect(await attempt(client.requestPasswordReset('ghost@example.com'))).toBe(
      AUTH_MESSAGES.resetUserNotFound,
    );
    expect(await client.requestPasswordReset('known@example.com')).toBe(AUTH_MESSAGES.resetSent);
  });
});
