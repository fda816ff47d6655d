import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie of a browser that signed in to an account before (OWASP's "device cookies"). */
export const DEVICE_COOKIE = 'cinelog_device';
/** How long a browser stays known: a year. */
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Device cookies (decision 0077): after a successful sign-in the browser gets a cookie naming the
 * account, signed with a key derived from the auth secret. Failed sign-ins from browsers without
 * one count against an account-wide limit; a browser with one for that account is exempt, so an
 * attacker guessing from many addresses cannot lock the owner out of their own browser. Nothing
 * is stored on the server.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly secure: boolean,
  ) {
    this.key = createHmac('sha256', secret).update('cinelog device cookie').digest();
  }

  private sign(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url');
  }

  /** The Set-Cookie value that makes this browser known for `email` (lower-cased). */
  issue(email: string): string {
    const data = `${Buffer.from(email).toString('base64url')}.${randomBytes(12).toString('base64url')}`;
    return [
      `${DEVICE_COOKIE}=${data}.${this.sign(data)}`,
      `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
      'Path=/api/auth',
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secure ? ['Secure'] : []),
    ].join('; ');
  }

  /** True when the request's cookies hold a valid device cookie for `email` (lower-cased). */
  trusts(cookieHeader: string | undefined, email: string): boolean {
    if (!cookieHeader) return false;
    for (const part of cookieHeader.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
      const value = part.slice(eq + 1).trim();
      const dot = value.lastIndexOf('.');
      if (dot < 0) continue;
      const data = value.slice(0, dot);
      const given = Buffer.from(value.slice(dot + 1));
      const expected = Buffer.from(this.sign(data));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
      const [named] = data.split('.');
      if (Buffer.from(named ?? '', 'base64url').toString() === email) return true;
    }
    return false;
  }
}
