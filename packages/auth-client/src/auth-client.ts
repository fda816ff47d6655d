import { AUTH_MESSAGES, messageForAuthError } from './messages';

/** The signed-in user as the spec describes it. */
export interface AuthUser {
  uid: string;
  displayName: string | null;
  email: string;
  emailVerified: boolean;
}

export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

type Listener = (user: AuthUser | null) => void;

/** How a popup ended: the provider came back to our popup page, with or without an error, or the user closed it. */
export type PopupOutcome = { kind: 'done'; error: string | null } | { kind: 'closed' };
/** Opens `url` in a popup and resolves when it ends (see browserPopup for the browser's one). */
export type PopupOpener = (url: string) => Promise<PopupOutcome>;

export const POPUP_MESSAGE_TYPE = 'cinelog:oauth-popup';

/** Where a verification mail's link lands: the login page, saying the email is verified. */
export const VERIFIED_CALLBACK = '/login?verified=1';

/**
 * The browser's popup: opened at once (inside the click, so it is not blocked), pointed at the
 * provider when the URL is known, and watched for our callback page's message or for closing.
 */
export function browserPopup(win: Window = window): (urlPromise: Promise<string>) => Promise<PopupOutcome> {
  return async (urlPromise) => {
    const popup = win.open('about:blank', 'google-sign-in', 'width=500,height=650');
    if (!popup) return { kind: 'closed' };
    try {
      popup.location.href = await urlPromise;
    } catch (err) {
      popup.close();
      throw err;
    }
    return new Promise<PopupOutcome>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: string; error?: string | null } | null;
        if (event.origin !== win.location.origin || data?.type !== POPUP_MESSAGE_TYPE) return;
        cleanup();
        resolve({ kind: 'done', error: data.error ?? null });
      };
      // The callback page posts its message and closes itself at once: the interval may see the
      // popup closed before the message is delivered, so a closed popup counts as "closed" only
      // when no message follows within a second.
      let grace: ReturnType<Window['setTimeout']> | undefined;
      const timer = win.setInterval(() => {
        if (popup.closed && grace === undefined) {
          win.clearInterval(timer);
          grace = win.setTimeout(() => {
            cleanup();
            resolve({ kind: 'closed' });
          }, 1000);
        }
      }, 400);
      const cleanup = () => {
        win.removeEventListener('message', onMessage);
        win.clearInterval(timer);
        if (grace !== undefined) win.clearTimeout(grace);
      };
      win.addEventListener('message', onMessage);
    });
  };
}

export interface AuthClientOptions {
  /** The site's origin ('' in the browser: same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Refresh the ID token this long before it expires. */
  refreshMarginMs?: number;
  now?: () => number;
}

interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

function decodeExp(token: string): number {
  const part = token.split('.')[1] ?? '';
  const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
  return (json.exp ?? 0) * 1000;
}

/**
 * The web app's auth layer over Better Auth's routes: sign-up as the spec's flow (create, send the
 * verification mail, sign out), email sign-in that refuses unverified accounts, reset, display name,
 * sign-out, an auth-state observer, and an ID token refreshed before it expires.
 */
export class AuthClient {
  private user: AuthUser | null = null;
  private readonly listeners = new Set<Listener>();
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string | null> | null = null;
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly margin: number;
  private readonly now: () => number;

  constructor(opts: AuthClientOptions = {}) {
    this.base = opts.baseUrl ?? '';
    this.fetchImpl = opts.fetch ?? ((...a) => fetch(...a));
    this.margin = opts.refreshMarginMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  get currentUser(): AuthUser | null {
    return this.user;
  }

  /** Calls `listener` now and on every change; returns the unsubscribe function. */
  onAuthStateChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.user);
    return () => this.listeners.delete(listener);
  }

  private setUser(user: AuthUser | null) {
    this.user = user;
    if (!user) this.token = null;
    for (const l of this.listeners) l(user);
  }

  private async call(method: string, path: string, body?: unknown) {
    const res = await this.fetchImpl(`${this.base}/api/auth${path}`, {
      method,
      credentials: 'include',
      headers: body !== undefined ? { 'content-type': 'application/json' } : {},
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    return { status: res.status, ok: res.ok, body: json };
  }

  private fail(
    res: { status: number; body: Record<string, unknown> | null },
    context: Parameters<typeof messageForAuthError>[2],
  ): never {
    const body = res.body as { code?: string; message?: string } | null;
    throw new AuthError(messageForAuthError(res.status, body, context), res.status, body?.code);
  }

  private static toUser(u: SessionUser): AuthUser {
    return { uid: u.id, displayName: u.name || null, email: u.email, emailVerified: u.emailVerified };
  }

  /** Reads the current session (on start-up). */
  async refreshSession(): Promise<AuthUser | null> {
    const res = await this.call('GET', '/get-session');
    const u = (res.body as { user?: SessionUser } | null)?.user;
    this.setUser(res.ok && u ? AuthClient.toUser(u) : null);
    return this.user;
  }

  /** Registration per spec: create, send the verification mail, sign out; resolves with the message to show. */
  async register(
    name: string,
    email: string,
    password: string,
    callbackURL = VERIFIED_CALLBACK,
  ): Promise<string> {
    const up = await this.call('POST', '/sign-up/email', { name, email, password });
    if (!up.ok) this.fail(up, 'sign-up');
    const mail = await this.call('POST', '/send-verification-email', { email, callbackURL });
    await this.signOut();
    if (!mail.ok) this.fail(mail, 'verify');
    return AUTH_MESSAGES.registered;
  }

  /** Email sign-in: an unverified account is refused with the spec's message. */
  async signIn(email: string, password: string): Promise<AuthUser> {
    const res = await this.call('POST', '/sign-in/email', { email, password });
    if (!res.ok) {
      this.setUser(null);
      this.fail(res, 'sign-in');
    }
    const user = AuthClient.toUser((res.body as { user: SessionUser }).user);
    if (!user.emailVerified) {
      await this.signOut();
      throw new AuthError(AUTH_MESSAGES.unverified, 403, 'EMAIL_NOT_VERIFIED');
    }
    this.setUser(user);
    return user;
  }

  /**
   * Google sign-in in a popup, then the spec's outcomes: verified with a name → '/'; verified
   * without one → '/profile-setup'; unverified → a verification mail, signed out, an error.
   */
  async signInWithGoogle(
    open: (url: Promise<string>) => Promise<PopupOutcome>,
  ): Promise<{ redirectTo: '/' | '/profile-setup' }> {
    const start = this.call('POST', '/sign-in/social', {
      provider: 'google',
      callbackURL: '/auth/popup-callback',
      errorCallbackURL: '/auth/popup-callback?error=google',
      disableRedirect: true,
    }).then((res) => {
      const url = (res.body as { url?: string } | null)?.url;
      if (!res.ok || !url) this.fail(res, 'sign-in');
      return url;
    });
    const outcome = await open(start);
    if (outcome.kind === 'closed') throw new AuthError(AUTH_MESSAGES.popupClosed, 0, 'POPUP_CLOSED');
    if (outcome.error) throw new AuthError('Google sign-in failed. Please try again.', 0, 'OAUTH_FAILED');
    const user = await this.refreshSession();
    if (!user) throw new AuthError('Google sign-in failed. Please try again.', 0, 'OAUTH_FAILED');
    if (!user.emailVerified) {
      const mail = await this.call('POST', '/send-verification-email', {
        email: user.email,
        callbackURL: VERIFIED_CALLBACK,
      });
      await this.signOut();
      if (!mail.ok) this.fail(mail, 'verify');
      throw new AuthError(AUTH_MESSAGES.unverified, 403, 'EMAIL_NOT_VERIFIED');
    }
    return { redirectTo: user.displayName ? '/' : '/profile-setup' };
  }

  /**
   * Sends the verification mail again (from the login page's "not verified" message). The server
   * answers alike for unknown or already verified addresses, so this says nothing about accounts.
   */
  async resendVerification(email: string, callbackURL = VERIFIED_CALLBACK): Promise<string> {
    const res = await this.call('POST', '/send-verification-email', { email, callbackURL });
    if (!res.ok) this.fail(res, 'verify');
    return AUTH_MESSAGES.registered;
  }

  async requestPasswordReset(email: string, redirectTo = '/login'): Promise<string> {
    const res = await this.call('POST', '/request-password-reset', { email, redirectTo });
    if (!res.ok) this.fail(res, 'reset');
    return AUTH_MESSAGES.resetSent;
  }

  /** Sets a new password with the token from the reset mail. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const res = await this.call('POST', '/reset-password', { token, newPassword });
    if (!res.ok) this.fail(res, 'sign-in');
  }

  async updateDisplayName(name: string): Promise<void> {
    const res = await this.call('POST', '/update-user', { name });
    if (!res.ok) this.fail(res, 'account');
    if (this.user) this.setUser({ ...this.user, displayName: name });
    this.token = null; // the next token carries the new name
  }

  /** Changes the password (the current one is checked) and signs out every other session. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const res = await this.call('POST', '/change-password', {
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    });
    if (!res.ok) this.fail(res, 'account');
    this.token = null; // the session was replaced: its token goes with it
  }

  /** Deletes the account and everything kept for it (the password is checked); signed out after. */
  async deleteAccount(password: string): Promise<void> {
    let res = await this.call('POST', '/delete-user', { password });
    // An account made by Google sign-in has no password: a fresh session is the proof then.
    if ((res.body as { code?: string } | null)?.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
      res = await this.call('POST', '/delete-user', {});
    if (!res.ok) this.fail(res, 'account');
    this.setUser(null);
  }

  async signOut(): Promise<void> {
    await this.call('POST', '/sign-out', {});
    this.setUser(null);
  }

  /**
   * The ID token for `Authorization: Bearer`, fetched when missing and refreshed shortly before it
   * expires; null when signed out (requests then go without authorization, as the spec says).
   */
  async getIdToken(): Promise<string | null> {
    if (this.token && this.token.expiresAt - this.margin > this.now()) return this.token.value;
    this.pendingToken ??= (async () => {
      try {
        const res = await this.call('GET', '/token');
        const value = (res.body as { token?: string } | null)?.token;
        if (!res.ok || !value) {
          if (res.status === 401) this.setUser(null);
          return null;
        }
        this.token = { value, expiresAt: decodeExp(value) };
        return value;
      } catch (err) {
        console.error('ID token request failed', err);
        return null;
      } finally {
        this.pendingToken = null;
      }
    })();
    return this.pendingToken;
  }
}
