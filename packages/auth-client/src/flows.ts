import { createAuthClient } from 'better-auth/client';
import { ERROR_CODES } from '@app/contracts/messages';
import { AUTH_MESSAGES, messageForAuthError, type AuthErrorContext } from './messages';
import type { PopupOutcome } from './popup';
import { toAuthUser, type AuthSession, type AuthUser } from './session';

export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Where a verification mail's link lands: the login page, saying the email is verified. */
export const VERIFIED_CALLBACK = '/login?verified=1';

/** Better Auth's own client for our server's routes (`/api/auth`), its calls typed by the library. */
const betterAuthClient = (origin: string, fetchImpl: typeof fetch) =>
  createAuthClient({
    baseURL: origin,
    basePath: '/api/auth',
    disableDefaultFetchPlugins: true, // never navigates the page: the popup does the redirects
    fetchOptions: { customFetchImpl: fetchImpl },
  });
type BetterAuthClient = ReturnType<typeof betterAuthClient>;

/** What Better Auth's client answers when a call fails. */
interface CallError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

/**
 * The spec's account flows on `better-auth/client`, on top of the page's `AuthSession`: sign-up as
 * the spec's flow (create, send the verification mail, sign out), email sign-in that refuses
 * unverified accounts, Google in a popup, reset, display name, password, deletion. Failures are
 * `AuthError`s carrying the spec's messages.
 */
export class AuthFlows {
  private cached: { origin: string; client: BetterAuthClient } | null = null;

  constructor(readonly session: AuthSession) {}

  /** The library's client for the current origin (the page's own when the session has none). */
  private get client(): BetterAuthClient {
    const origin = this.session.baseUrl || globalThis.location.origin;
    if (this.cached?.origin !== origin)
      this.cached = { origin, client: betterAuthClient(origin, this.session.fetch) };
    return this.cached.client;
  }

  private static fail(error: CallError, context: AuthErrorContext): never {
    throw new AuthError(messageForAuthError(error.status, error, context), error.status, error.code);
  }

  /** Registration per spec: create, send the verification mail, sign out; resolves with the message to show. */
  async register(name: string, email: string, password: string, callbackURL = VERIFIED_CALLBACK) {
    const up = await this.client.signUp.email({ name, email, password });
    if (up.error) AuthFlows.fail(up.error, 'sign-up');
    const mail = await this.client.sendVerificationEmail({ email, callbackURL });
    await this.session.signOut();
    if (mail.error) AuthFlows.fail(mail.error, 'verify');
    return AUTH_MESSAGES.registered;
  }

  /** Email sign-in: an unverified account is refused with the spec's message. */
  async signIn(email: string, password: string): Promise<AuthUser> {
    const res = await this.client.signIn.email({ email, password });
    if (res.error) {
      this.session.setUser(null);
      AuthFlows.fail(res.error, 'sign-in');
    }
    const user = toAuthUser(res.data.user);
    if (!user.emailVerified) {
      await this.session.signOut();
      throw new AuthError(AUTH_MESSAGES.unverified, 403, 'EMAIL_NOT_VERIFIED');
    }
    this.session.setUser(user);
    return user;
  }

  /**
   * Google sign-in in a popup, then the spec's outcomes: verified with a name → '/'; verified
   * without one → '/profile-setup'; unverified → a verification mail, signed out, an error.
   */
  async signInWithGoogle(
    open: (url: Promise<string>) => Promise<PopupOutcome>,
  ): Promise<{ redirectTo: '/' | '/profile-setup' }> {
    const start = this.client.signIn
      .social({
        provider: 'google',
        callbackURL: '/auth/popup-callback',
        errorCallbackURL: '/auth/popup-callback?error=google',
        disableRedirect: true,
      })
      .then((res) => {
        if (res.error) AuthFlows.fail(res.error, 'sign-in');
        if (!res.data.url) AuthFlows.fail({ status: 502 }, 'sign-in');
        return res.data.url;
      });
    const outcome = await open(start);
    if (outcome.kind === 'closed') throw new AuthError(AUTH_MESSAGES.popupClosed, 0, 'POPUP_CLOSED');
    if (outcome.error) throw new AuthError(AUTH_MESSAGES.googleFailed, 0, 'OAUTH_FAILED');
    const user = await this.session.refreshSession();
    if (!user) throw new AuthError(AUTH_MESSAGES.googleFailed, 0, 'OAUTH_FAILED');
    if (!user.emailVerified) {
      const mail = await this.client.sendVerificationEmail({
        email: user.email,
        callbackURL: VERIFIED_CALLBACK,
      });
      await this.session.signOut();
      if (mail.error) AuthFlows.fail(mail.error, 'verify');
      throw new AuthError(AUTH_MESSAGES.unverified, 403, 'EMAIL_NOT_VERIFIED');
    }
    return { redirectTo: user.displayName ? '/' : '/profile-setup' };
  }

  /**
   * Sends the verification mail again (from the login page's "not verified" message). The server
   * answers alike for unknown or already verified addresses, so this says nothing about accounts.
   */
  async resendVerification(email: string, callbackURL = VERIFIED_CALLBACK): Promise<string> {
    const res = await this.client.sendVerificationEmail({ email, callbackURL });
    if (res.error) AuthFlows.fail(res.error, 'verify');
    return AUTH_MESSAGES.registered;
  }

  async requestPasswordReset(email: string, redirectTo = '/login'): Promise<string> {
    const res = await this.client.requestPasswordReset({ email, redirectTo });
    if (res.error) AuthFlows.fail(res.error, 'reset');
    return AUTH_MESSAGES.resetSent;
  }

  /** Sets a new password with the token from the reset mail. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const res = await this.client.resetPassword({ token, newPassword });
    if (res.error) AuthFlows.fail(res.error, 'sign-in');
  }

  async updateDisplayName(name: string): Promise<void> {
    const res = await this.client.updateUser({ name });
    if (res.error) AuthFlows.fail(res.error, 'account');
    const user = this.session.currentUser;
    if (user) this.session.setUser({ ...user, displayName: name });
    this.session.forgetToken(); // the next token carries the new name
  }

  /** Changes the password (the current one is checked) and signs out every other session. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const res = await this.client.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
    if (res.error) AuthFlows.fail(res.error, 'account');
    this.session.forgetToken(); // the session was replaced: its token goes with it
  }

  /** Deletes the account and everything kept for it (the password is checked); signed out after. */
  async deleteAccount(password: string): Promise<void> {
    let res = await this.client.deleteUser({ password });
    // An account made by Google sign-in has no password: a fresh session is the proof then.
    if (res.error?.code === ERROR_CODES.credentialAccountNotFound) res = await this.client.deleteUser({});
    if (res.error) AuthFlows.fail(res.error, 'account');
    this.session.setUser(null);
  }
}
