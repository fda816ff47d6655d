import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import PQueue from 'p-queue';
import { NotFoundError, UpstreamError } from '../../lib/errors';

export interface TmdbClientOptions {
  baseUrl: string;
  /** v4 read access token (sent as a bearer header) or v3 api key (sent as api_key). */
  accessToken?: string | undefined;
  apiKey?: string | undefined;
  timeoutMs?: number;
  /** Outbound requests per second; TMDB allows about 50. */
  requestsPerSecond?: number;
  maxConcurrent?: number;
  cacheEntries?: number;
  maxRetriesOn429?: number;
  log?: { warn(obj: object, msg: string): void };
  /** A second cache level shared by every API instance (`REDIS_URL`): fresh answers only. */
  shared?: { redis: Redis; prefix: string };
}

interface FetchContext {
  path: string;
  params: Record<string, string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The only code that talks to TMDB. Every GET is cached in an LRU with a per-route TTL; an expired
 * entry is served at once while it is refreshed in the background (stale-while-revalidate), and is
 * served as well when the refresh fails. Identical concurrent requests share one upstream call.
 * With Redis, an answer another instance fetched within the TTL is used instead of calling TMDB.
 * Outbound calls go through a rate-limited queue that pauses when TMDB answers 429.
 */
/** A call that failed before any answer and was not timed out: the connection was lost. */
class ConnectionLost extends Error {
  constructor(readonly upstream: UpstreamError) {
    super(upstream.message);
  }
}

export class TmdbClient {
  private readonly cache: LRUCache<string, object, FetchContext>;
  private readonly queue: PQueue;
  private resumeAt = 0;
  private readonly lastErrors = new LRUCache<string, object>({ max: 500 });
  upstreamCalls = 0;

  constructor(private readonly opts: TmdbClientOptions) {
    this.queue = new PQueue({
      concurrency: opts.maxConcurrent ?? 8,
      intervalCap: opts.requestsPerSecond ?? 40,
      interval: 1000,
    });
    this.cache = new LRUCache<string, object, FetchContext>({
      max: opts.cacheEntries ?? 5000,
      ttl: 60_000,
      allowStale: true,
      allowStaleOnFetchRejection: true,
      noDeleteOnFetchRejection: true,
      // A background refresh must not be cut short because the first caller went away.
      ignoreFetchAbort: true,
      fetchMethod: async (key, _stale, { context, options }) => {
        const ttl = options.ttl ?? 60_000;
        try {
          const shared = await this.readShared(key, ttl);
          if (shared) return shared;
          const value = await this.fetchWithRetry(context);
          void this.writeShared(key, value, ttl);
          return value;
        } catch (err) {
          // With no stale copy to fall back on, the cache answers undefined: keep the reason.
          this.lastErrors.set(key, err as object);
          throw err;
        }
      },
    });
  }

  async get<T extends object>(
    path: string,
    params: Record<string, string | undefined>,
    ttlMs: number,
  ): Promise<T> {
    const clean: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') clean[k] = v;
    const key = `${path}?${new URLSearchParams(Object.entries(clean).sort()).toString()}`;
    const value = await this.cache.fetch(key, { ttl: ttlMs, context: { path, params: clean } });
    if (value === undefined) {
      const err = this.lastErrors.get(key);
      throw err instanceof Error ? err : new UpstreamError();
    }
    return value as T;
  }

  /** Another instance's answer, when it is younger than this route's TTL; Redis trouble means none. */
  private async readShared(key: string, ttl: number): Promise<object | undefined> {
    if (!this.opts.shared) return undefined;
    try {
      const json = await this.opts.shared.redis.get(`${this.opts.shared.prefix}:tmdb:${key}`);
      if (!json) return undefined;
      const { at, value } = JSON.parse(json) as { at: number; value: object };
      return Date.now() - at < ttl ? value : undefined;
    } catch {
      return undefined;
    }
  }

  private async writeShared(key: string, value: object, ttl: number) {
    if (!this.opts.shared) return;
    try {
      const entry = JSON.stringify({ at: Date.now(), value });
      await this.opts.shared.redis.set(`${this.opts.shared.prefix}:tmdb:${key}`, entry, 'PX', ttl);
    } catch {
      // The shared level is an optimisation: this instance has the answer in its own cache.
    }
  }

  private async fetchWithRetry(ctx: FetchContext): Promise<object> {
    const maxRetries = this.opts.maxRetriesOn429 ?? 2;
    for (let attempt = 0; ; attempt++) {
      const wait = this.resumeAt - Date.now();
      if (wait > 0) await sleep(wait);
      const res = await this.queue.add(() => this.fetchOnce(ctx), { throwOnTimeout: true });
      if (res.status !== 429) return this.read(res, ctx);
      const retryAfter = Math.min(Number(res.headers.get('retry-after')) || 1, 10) * 1000;
      this.resumeAt = Math.max(this.resumeAt, Date.now() + retryAfter);
      this.opts.log?.warn({ path: ctx.path, retryAfterMs: retryAfter }, 'TMDB rate limit hit; backing off');
      if (attempt >= maxRetries)
        throw new UpstreamError('The movie database is busy. Please try again later.');
    }
  }

  /**
   * One call, and a second one at once when the first lost its connection before any answer (not
   * a timeout): a GET is safe to repeat, and a kept-alive socket the server closed while this
   * process was busy fails its first reuse (seen in tests under load as a 502 per cold request).
   */
  private async fetchOnce(ctx: FetchContext): Promise<Response> {
    try {
      return await this.fetchAttempt(ctx);
    } catch (err) {
      if (!(err instanceof ConnectionLost)) throw err;
      return this.fetchAttempt(ctx).catch((again: unknown) => {
        throw again instanceof ConnectionLost ? again.upstream : again;
      });
    }
  }

  private async fetchAttempt(ctx: FetchContext): Promise<Response> {
    const url = new URL(ctx.path.replace(/^\//, ''), this.opts.baseUrl.replace(/\/?$/, '/'));
    for (const [k, v] of Object.entries(ctx.params)) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.accessToken) headers.authorization = `Bearer ${this.opts.accessToken}`;
    else if (this.opts.apiKey) url.searchParams.set('api_key', this.opts.apiKey);
    this.upstreamCalls++;
    try {
      return await fetch(url, { headers, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      this.opts.log?.warn({ path: ctx.path, timedOut }, 'TMDB request failed');
      if (timedOut) throw new UpstreamError('The movie database did not answer in time.');
      throw new ConnectionLost(new UpstreamError('The movie database is unavailable.'));
    }
  }

  private async read(res: Response, ctx: FetchContext): Promise<object> {
    if (res.status === 404) {
      await res.body?.cancel();
      throw new NotFoundError(ctx.path.startsWith('person/') ? 'Person not found' : 'Movie not found');
    }
    if (!res.ok) {
      await res.body?.cancel();
      this.opts.log?.warn({ path: ctx.path, status: res.status }, 'TMDB answered an error');
      throw new UpstreamError(
        res.status === 401
          ? 'The movie database rejected our credentials.'
          : 'The movie database is unavailable. Please try again later.',
      );
    }
    try {
      return (await res.json()) as object;
    } catch {
      throw new UpstreamError('The movie database sent an unreadable answer.');
    }
  }
}
