import { MalformedAnswerError } from './map';

/** How a sync reaches TMDB. The base URL and the credentials work as the API's TmdbClient's. */
export interface SyncHttpOptions {
  baseUrl: string;
  /** v4 read access token (a bearer header) or v3 api key (the `api_key` parameter). */
  accessToken?: string;
  apiKey?: string;
  /** Requests started per second at most (TMDB allows about 50). */
  requestsPerSecond?: number;
  /** Requests in flight at most. */
  concurrency?: number;
  timeoutMs?: number;
  /** Tries per request (a 5xx, a timeout or a network error is tried again; 429s too, after Retry-After). */
  maxTries?: number;
  /** The first back-off; each next one doubles, with jitter (up to 30 s). */
  backoffMs?: number;
  signal?: AbortSignal;
}

export const SYNC_REQUESTS_PER_SECOND = 40;
export const SYNC_CONCURRENCY = 8;
export const SYNC_TIMEOUT_MS = 10_000;
export const SYNC_MAX_TRIES = 5;
export const SYNC_BACKOFF_MS = 500;

/** A request that failed after every try (or with a status other than 404 that no retry can mend). */
export class TmdbRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * TMDB for a sync: at most `requestsPerSecond` requests started a second and `concurrency` in
 * flight; a 429 pauses every request for its Retry-After, then tries again; a 5xx, a timeout or
 * a network error is tried again after an exponential back-off with jitter, `maxTries` times in all.
 * (The API's p-queue is not used here: this package would need it as a dependency for ~30 lines.)
 */
export class SyncHttp {
  /** Requests sent (every try counts: it is what TMDB's rate limit counts). */
  calls = 0;
  private nextStart = 0;
  private pausedUntil = 0;
  private active = 0;
  private waiting: (() => void)[] = [];
  private readonly o: Required<Omit<SyncHttpOptions, 'accessToken' | 'apiKey' | 'signal'>> &
    Pick<SyncHttpOptions, 'accessToken' | 'apiKey' | 'signal'>;

  constructor(opts: SyncHttpOptions) {
    this.o = {
      requestsPerSecond: SYNC_REQUESTS_PER_SECOND,
      concurrency: SYNC_CONCURRENCY,
      timeoutMs: SYNC_TIMEOUT_MS,
      maxTries: SYNC_MAX_TRIES,
      backoffMs: SYNC_BACKOFF_MS,
      ...opts,
    };
  }

  /** A slot: in flight at most `concurrency`, started no sooner than the rate allows. */
  private async slot(): Promise<() => void> {
    while (this.active >= this.o.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      for (;;) {
        const now = Date.now();
        const at = Math.max(this.nextStart, this.pausedUntil);
        if (at <= now) break;
        await sleep(at - now, this.o.signal);
      }
    } catch (err) {
      this.release();
      throw err;
    }
    this.nextStart = Date.now() + 1000 / this.o.requestsPerSecond;
    return () => this.release();
  }

  private release() {
    this.active--;
    this.waiting.shift()?.();
  }

  private backoff(attempt: number): number {
    const base = Math.min(30_000, this.o.backoffMs * 2 ** (attempt - 1));
    return base / 2 + Math.random() * (base / 2);
  }

  /**
   * A response with status 200 (or `okStatuses`), after the tries a failure allows; any other
   * 4xx is returned too (the caller decides: a 404 means TMDB has no such id). Throws
   * TmdbRequestError when every try failed.
   */
  async fetch(url: URL, opts: { auth?: boolean } = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.auth !== false) {
      if (this.o.accessToken) headers.authorization = `Bearer ${this.o.accessToken}`;
      else if (this.o.apiKey) url.searchParams.set('api_key', this.o.apiKey);
    }
    let lastError = '';
    let rateLimited = 0;
    for (let attempt = 1; attempt <= this.o.maxTries;) {
      const done = await this.slot();
      let res: Response;
      try {
        this.calls++;
        const timeout = AbortSignal.timeout(this.o.timeoutMs);
        res = await fetch(url, {
          headers,
          signal: this.o.signal ? AbortSignal.any([this.o.signal, timeout]) : timeout,
        });
      } catch (err) {
        done();
        if (this.o.signal?.aborted) throw this.o.signal.reason as Error;
        lastError = (err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message;
        if (attempt++ < this.o.maxTries) await sleep(this.backoff(attempt - 1), this.o.signal);
        continue;
      }
      done();
      if (res.status === 429) {
        await res.body?.cancel();
        // TMDB's Retry-After is in seconds; every request waits (the limit is the key's, not this one's).
        rateLimited++;
        const header = res.headers.get('retry-after');
        const seconds = header === null ? NaN : Number(header);
        const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : this.backoff(rateLimited);
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + Math.min(wait, 120_000));
        lastError = 'rate limited (429)';
        // A 429 counts as a try only past the first few: TMDB asks to wait, not to give up.
        if (rateLimited > 3) attempt++;
        continue;
      }
      if (res.status >= 500) {
        await res.body?.cancel();
        lastError = `HTTP ${res.status}`;
        if (attempt++ < this.o.maxTries) await sleep(this.backoff(attempt - 1), this.o.signal);
        continue;
      }
      if (res.status === 401) {
        await res.body?.cancel();
        throw new TmdbRequestError(
          'TMDB refused the credentials (401): check TMDB_ACCESS_TOKEN or TMDB_API_KEY',
          401,
        );
      }
      return res;
    }
    throw new TmdbRequestError(`${url.pathname}: ${lastError} after ${this.o.maxTries} tries`);
  }

  /** `${baseUrl}/${path}` with `params`, answered as JSON (a 404 as null). */
  async json<T>(path: string, params: Record<string, string> = {}): Promise<T | null> {
    const url = new URL(path.replace(/^\//, ''), this.o.baseUrl.replace(/\/?$/, '/'));
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await this.fetch(url);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    const text = await res.text();
    if (res.status !== 200) throw new TmdbRequestError(`${path}: HTTP ${res.status}`, res.status);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new MalformedAnswerError(`${path}: the answer is not JSON`);
    }
  }
}
