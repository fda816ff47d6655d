/** A browser's cookies, one jar per origin: enough of RFC 6265 for our tests (no paths, no expiry). */
export type CookieJars = Map<string, Map<string, string>>;

export function jarFor(jars: CookieJars, origin: string): Map<string, string> {
  let jar = jars.get(origin);
  if (!jar) jars.set(origin, (jar = new Map()));
  return jar;
}

export function cookieHeader(jar: Map<string, string>): string | undefined {
  return jar.size ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
}

/** Keeps what Set-Cookie says; an empty value or max-age=0 deletes. */
export function storeCookies(jar: Map<string, string>, res: Response): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair = ''] = c.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    if (!value || /max-age=0/i.test(c)) jar.delete(name);
    else jar.set(name, value);
  }
}

/** fetch as a page of `origin` would send it: with that origin's cookies and an Origin header. */
export function browserFetch(
  origin: string,
  jars: CookieJars = new Map(),
  redirect: RequestRedirect = 'follow',
): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(String(input));
    const jar = jarFor(jars, url.origin);
    const headers = new Headers(init.headers);
    const cookie = cookieHeader(jar);
    if (cookie) headers.set('cookie', cookie);
    headers.set('origin', origin);
    const res = await fetch(url, { ...init, headers, redirect });
    storeCookies(jar, res);
    return res;
  };
}
