import type { Session, User } from 'better-auth';
import { decodeJwt } from 'jose';

/**
 * The session every page needs: who is signed in, an auth-state observer, the ID token for
 * `Authorization: Bearer`, and signing out. Kept apart from the sign-in flows (`./flows`, on
 * `better-auth/client`) so that every page does not download Better Auth's client (about 12 KB
 * gzip) to learn whether someone is signed in: three plain requests to Better Auth's own routes.
 */

/** The signed-in user as the spec describes it. */
export interface AuthUser {
  uid: string;
  displayName: string | null;
  email: string;
  emailVerified: boolean;
}

/** The user as Better Auth's routes answer it (`/get-session`, `/sign-in/email`): its own type. */
export type SessionUser = Pick<User, 'id' | 'name' | 'email' | 'emailVerified'>;
/** `/get-session`'s answer: Better Auth's session and user, or null when signed out. */
type GetSessionAnswer = { session: Session; user: User } | null;
/** `/token`'s answer (Better Auth's jwt plugin). */
type TokenAnswer = { token: string };

export const toAuthUser = (u: SessionUser): AuthUser => ({
  uid: u.id,
  displayName: u.name || null,
  email: u.email,
  emailVerified: u.emailVerified,
});

type Listener = (user: AuthUser | null) => void;

export interface AuthSessionOptions {
  /** The site's origin ('' in the browser: same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Refresh the ID token this long before it expires. */
  refreshMarginMs?: number;
  now?: () => number;
}

export class AuthSession {
  private user: AuthUser | null = null;
  private readonly listeners = new Set<Listener>();
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string | null> | null = null;
  /**
   * Moves on whenever the signed-in user changes: a `/token` answer that set out under another
   * user (a slow request overtaken by a sign-out and the next sign-in) is dropped, never kept.
   */
  private epoch = 0;
  /** The site's origin ('' means the page's own). */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  private readonly margin: number;
  private readonly now: () => number;

  constructor(opts: AuthSessionOptions = {}) {
    this.baseUrl = opts.baseUrl ?? '';
    this.fetch = opts.fetch ?? ((...a) => fetch(...a));
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

  /** Sets the user (the flows do, after signing in or changing the name) and tells the observers. */
  setUser(user: AuthUser | null) {
    if (user?.uid !== this.user?.uid) {
      this.epoch++;
      this.token = null;
      this.pendingToken = null;
    }
    this.user = user;
    for (const l of this.listeners) l(user);
  }

  /** Forgets the ID token: the next request fetches one (after a new name or a replaced session). */
  forgetToken() {
    this.token = null;
  }

  private request(method: 'GET' | 'POST', path: string) {
    return this.fetch(`${this.baseUrl}/api/auth${path}`, {
      method,
      credentials: 'include',
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    });
  }

  private static async json<T>(res: Response): Promise<T | null> {
    try {
      return (await res.json()) as T;
    } catch {
      return null;
    }
  }

  /** Reads the current session (on start-up, and after a popup sign-in). */
  async refreshSession(): Promise<AuthUser | null> {
    const res = await this.request('GET', '/get-session');
    const u = (await AuthSession.json<GetSessionAnswer>(res))?.user;
    this.setUser(res.ok && u ? toAuthUser(u) : null);
    return this.user;
  }

  async signOut(): Promise<void> {
    await this.request('POST', '/sign-out');
    this.setUser(null);
  }

  /**
   * The ID token for `Authorization: Bearer`, fetched when missing and refreshed shortly before it
   * expires (its `exp`, read with jose); null when signed out (requests then go without
   * authorization, as the spec says).
   */
  async getIdToken(): Promise<string | null> {
    if (this.token && this.token.expiresAt - this.margin > this.now()) return this.token.value;
    if (this.pendingToken) return this.pendingToken;
    const epoch = this.epoch;
    const pending: Promise<string | null> = (async () => {
      try {
        const res = await this.request('GET', '/token');
        const value = (await AuthSession.json<TokenAnswer>(res))?.token;
        // Another user signed out or in meanwhile: this answer is not theirs.
        if (epoch !== this.epoch) return null;
        if (!res.ok || !value) {
          if (res.status === 401) this.setUser(null);
          return null;
        }
        const claims = decodeJwt(value);
        // A token for someone other than the user this page shows is never used.
        if (this.user && claims.sub !== this.user.uid) return null;
        this.token = { value, expiresAt: (claims.exp ?? 0) * 1000 };
        return value;
      } catch (err) {
        console.error('ID token request failed', err);
        return null;
      }
    })().finally(() => {
      if (this.pendingToken === pending) this.pendingToken = null;
    });
    this.pendingToken = pending;
    return this.pendingToken;
  }
}
