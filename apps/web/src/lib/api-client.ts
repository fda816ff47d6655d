import type { AuthSession } from '@app/auth-client/session';

/**
 * The app's session, once its module has loaded (lib/auth-client.ts, loaded after the first
 * render by lib/auth.tsx or with the auth screens): until then nobody is signed in as far as a
 * request can tell, as before the session is read. Not imported here: the API client is in every
 * page's entry, the session's code (jose and the auth client, 1.5 KB gzip) is not needed to paint.
 */
let session: AuthSession | null = null;
/** Called by lib/auth-client.ts: requests carry this session's ID token when someone is signed in. */
export const sendTokensOf = (s: AuthSession) => {
  session = s;
};

/**
 * Every failed call, from the one error body of the API (`ErrorBody` in @app/contracts):
 * `{message, code?}`. The browser needs no other mapper.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Machine-readable, where the API sends one (e.g. `EMAIL_NOT_VERIFIED`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * A response's contract (a zod schema from @app/contracts). Call sites pass it as
 * `...(import.meta.env.DEV ? { contract: Schema } : {})`: development and tests parse every answer
 * against it, and the production build drops it (and zod) entirely, the property included (a
 * `contract: DEV ? Schema : undefined` leaves `contract:void 0` in every call). Every call passes
 * one (apps/web/build/web-layer.test.ts).
 */
export interface Contract<T> {
  parse(data: unknown): T;
}

export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * How requests leave: the browser's fetch, or (when the server renders a page's first markup,
 * src/entry-server.tsx) the server's own way of answering an API path without the network.
 */
let send: typeof fetch = (input, init) => fetch(input, init);
/** For the server render only: answer `apiFetch` with this instead of the network. */
export const sendRequestsWith = (f: typeof fetch) => {
  send = f;
};

/**
 * Every call to our backend: JSON, a 10 s timeout, and the user's ID token as a bearer header when
 * there is one. A token failure is logged and the request goes without it (spec section 8).
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; contract?: Contract<T> | undefined } = {},
): Promise<T> {
  let token: string | null = null;
  try {
    // Only a signed-in user has a token; anonymous requests go without one.
    if (session?.currentUser) token = await session.getIdToken();
  } catch (err) {
    console.error('Could not get an ID token', err);
  }
  const signal = init.signal
    ? AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
    : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await send(path, {
      method: init.method ?? 'GET',
      headers: {
        // No content type on a GET: it stays a simple request, which the page's preloads match.
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal,
    });
  } catch (err) {
    console.error(`Request ${path} failed`, err);
    throw new ApiError(0, (err as Error).name === 'TimeoutError' ? 'The request timed out' : 'Network error');
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(res.status, 'Unexpected response from the server');
  }
  if (!res.ok) {
    const error = (body ?? {}) as { message?: unknown; code?: unknown };
    throw new ApiError(
      res.status,
      typeof error.message === 'string' ? error.message : `Request failed (${res.status})`,
      typeof error.code === 'string' ? error.code : undefined,
    );
  }
  return init.contract ? init.contract.parse(body) : (body as T);
}
