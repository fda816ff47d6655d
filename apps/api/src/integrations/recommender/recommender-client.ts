import {
  RecommendationList,
  RecommenderUserPicks,
  type Recommendation,
  type RecommenderUserPick,
  type RecommenderUserQuery,
} from '@app/contracts';
import { LRUCache } from 'lru-cache';
import { Agent, request } from 'node:http';
import { ERROR_CODES } from '@app/contracts/messages';
import { NotFoundError, ServiceUnavailableError, UpstreamError } from '../../lib/errors';

export type { Recommendation };

/**
 * The service is up but its first model is still being prepared (its 503): the API answers 503
 * with its Retry-After and a code, and the page says so and asks again (decision 0080).
 */
export class RecommendationsPreparingError extends ServiceUnavailableError {
  override readonly code = ERROR_CODES.recommendationsPreparing;
  // Polled every few seconds by each open page while the first model builds: not a fault to log.
  override readonly expected = true;
  constructor(retryAfterSeconds: number) {
    super('Recommendations are being prepared. Please try again in a moment.', retryAfterSeconds);
  }
}

/** The service's Retry-After in whole seconds (1–60; 3 when it sends none or nonsense). */
const retryAfterOf = (header: string | undefined) => {
  const s = Number(header);
  return Number.isInteger(s) && s >= 1 ? Math.min(60, s) : 3;
};

export interface TrendingFilm {
  tmdbId: number;
  score: number;
  genres: number[];
}

const UNAVAILABLE = 'Recommendations are unavailable right now.';

/**
 * The one way the API reaches the recommendation service: short timeout, typed failures.
 * node:http over kept-alive connections rather than fetch: a call through fetch (undici's
 * WHATWG streams, an AbortSignal timer) cost the API about 0.6 ms more CPU than the same call
 * through node:http (decision 0029), more than the service took to answer it.
 */
export class RecommenderClient {
  private readonly agent = new Agent({ keepAlive: true });
  /**
   * "More like this" lists, kept briefly: a movie page's list is the same for every visitor until the
   * service's model changes (minutes apart at the soonest), and through the API, one call each, the
   * lists were served at a seventh of the service's own rate (docs/performance.md). Concurrent asks for one list share one call;
   * failures are not kept.
   */
  private readonly lists: LRUCache<string, Recommendation[]>;
  private readonly keepLists: boolean;
  /** The secret last read: read once (not on every "For you"), again only after the service's 401. */
  private knownSecret: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 2000,
    /** The internal secret (`POST /recommend/user`), the one the service presents on the signals endpoint. */
    private readonly secret: () => string | null = () => null,
    /** How long a "more like this" list is kept (0: not kept). */
    readonly listTtlMs = 30_000,
  ) {
    this.lists = new LRUCache<string, Recommendation[]>({
      max: 2_000,
      ttl: Math.max(1, listTtlMs),
      fetchMethod: (key) => {
        const [tmdbId, topN] = key.split(':').map(Number) as [number, number];
        return this.fetchList(tmdbId, topN);
      },
    });
    this.keepLists = listTtlMs > 0;
  }

  /**
   * "For you" over a whole history (`POST /recommend/user`, decision 0027). An older service (404),
   * a refused secret or a failure is an UpstreamError: the caller falls back to the per-film lists.
   */
  async recommendUser(query: RecommenderUserQuery): Promise<RecommenderUserPick[]> {
    let secret = this.knownSecret;
    if (!secret) {
      try {
        secret = this.secret();
      } catch {
        secret = null;
      }
      if (!secret) throw new UpstreamError(UNAVAILABLE);
      this.knownSecret = secret;
    }
    const res = await this.send(new URL('/recommend/user', this.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify(query),
    });
    // Refused: the secret may have changed (file replaced); the next call reads it again.
    if (res.status === 401) this.knownSecret = null;
    if (res.status < 200 || res.status >= 300) throw new UpstreamError(UNAVAILABLE);
    const parsed = RecommenderUserPicks.safeParse(parseJson(res.body));
    if (!parsed.success) throw new UpstreamError(UNAVAILABLE);
    return parsed.data;
  }

  async recommend(tmdbId: number, topN: number): Promise<Recommendation[]> {
    if (!this.keepLists) return this.fetchList(tmdbId, topN);
    return (await this.lists.fetch(`${tmdbId}:${topN}`))!;
  }

  private async fetchList(tmdbId: number, topN: number): Promise<Recommendation[]> {
    const url = new URL('/recommend', this.baseUrl);
    url.searchParams.set('tmdb_id', String(tmdbId));
    url.searchParams.set('top_n', String(topN));
    const res = await this.send(url);
    if (res.status === 404) throw new NotFoundError('No recommendations for this movie');
    if (res.status === 503) throw new RecommendationsPreparingError(retryAfterOf(res.retryAfter));
    if (res.status < 200 || res.status >= 300) throw new UpstreamError(UNAVAILABLE);
    // The service's answer is checked against the contract: a malformed one is an upstream failure.
    const parsed = RecommendationList.safeParse(parseJson(res.body));
    if (!parsed.success) throw new UpstreamError(UNAVAILABLE);
    return parsed.data;
  }

  /** "For you"'s popular-lately prior (empty from a model without collaborative data or an older service). */
  async trending(topN: number): Promise<TrendingFilm[]> {
    const url = new URL('/trending', this.baseUrl);
    url.searchParams.set('top_n', String(topN));
    const res = await this.send(url);
    if (res.status === 404) return [];
    if (res.status < 200 || res.status >= 300) throw new UpstreamError(UNAVAILABLE);
    const body = parseJson(res.body);
    if (body === undefined) throw new UpstreamError(UNAVAILABLE);
    return body as TrendingFilm[];
  }

  /** Closes the kept-alive connections (the API's shutdown). */
  close(): void {
    this.agent.destroy();
  }

  /** One request, its whole answer within the timeout; any failure to get one is an UpstreamError. */
  private send(
    url: URL,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<{ status: number; body: string; retryAfter?: string }> {
    return new Promise((resolve, reject) => {
      const fail = () => reject(new UpstreamError(UNAVAILABLE));
      const req = request(
        url,
        { agent: this.agent, method: init.method ?? 'GET', headers: init.headers },
        (res) => {
          res.setEncoding('utf8');
          let body = '';
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, body, retryAfter: res.headers['retry-after'] });
          });
          res.on('error', fail);
        },
      );
      // The whole exchange, as fetch's AbortSignal.timeout bounded it.
      const timer = setTimeout(() => {
        req.destroy();
        fail();
      }, this.timeoutMs);
      req.on('error', () => {
        clearTimeout(timer);
        fail();
      });
      req.end(init.body);
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
